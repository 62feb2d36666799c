import { ORDERS_API, routesOf, schemasOf } from '@stockyard/contracts';

/** Rows of the orders service not bound yet (they answer 501): none. */
const PENDING: string[] = [];

describe('orders route binding', () => {
  const bound = new Set(Object.values(ORDERS_API).map((r) => `${r.method} ${r.path}`));
  const rows = routesOf('orders').map((r) => [`${r.method} ${r.path}`, r] as const);

  it.each(rows.filter(([name]) => !PENDING.includes(name)))('gives %s schemas in ORDERS_API', (name, route) => {
    expect(bound.has(name)).toBe(true);
    expect(schemasOf(route)).toBeDefined();
  });

  it('leaves no row unbound', () => {
    expect(rows.map(([name]) => name).filter((name) => !bound.has(name))).toEqual(PENDING);
  });

  it('binds nothing outside the orders rows of the table', () => {
    expect(Object.values(ORDERS_API).every((r) => r.service === 'orders')).toBe(true);
  });
});
