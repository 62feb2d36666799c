import type { Inventory } from './inventory';

/** GET /reports/cogs?<query>, required to answer 200: each group as [key, quantity, cogs, revenue]. */
export async function cogsGroups(inv: Inventory, query: string) {
  const res = await inv.request('GET', `/reports/cogs?${query}`);
  expect(res.status).toBe(200);
  return (res.body.data as { key: string; quantity: number; cogs: number; revenue: number }[]).map((g) => [
    g.key,
    g.quantity,
    g.cogs,
    g.revenue,
  ]);
}
