import { routesOf } from '@stockyard/contracts';
import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

/** Every inventory route of the table is served: no 501, no "no route" 404. */
describe('inventory route table coverage', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_routes');
  });
  afterAll(() => inv.close());

  it.each(routesOf('inventory').map((r) => [`${r.method} ${r.path}`, r] as const))(
    'serves %s',
    async (_name, route) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => `${name}_unknown`);
      const res = await inv.request(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      const code =
        res.status >= 400 && res.headers.get('content-type')?.includes('json')
          ? (await json(res)).error.code
          : undefined;
      expect(res.status).not.toBe(501);
      expect(code).not.toBe('route_not_found');
    },
  );
});
