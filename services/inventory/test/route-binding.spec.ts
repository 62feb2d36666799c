import { INVENTORY_API, routesOf, schemasOf } from '@stockyard/contracts';

/**
 * Every inventory row of the route table is built (routes.int.spec.ts: none answers 501), so
 * every one must be bound with its wire shapes: its schemas validate requests, check answers
 * in tests and make the OpenAPI document.
 */
describe('inventory route binding', () => {
  const bound = new Set(Object.values(INVENTORY_API).map((r) => `${r.method} ${r.path}`));

  it.each(routesOf('inventory').map((r) => [`${r.method} ${r.path}`, r] as const))(
    'gives %s schemas in INVENTORY_API',
    (name, route) => {
      expect(bound.has(name)).toBe(true);
      expect(schemasOf(route)).toBeDefined();
    },
  );

  it('binds nothing outside the inventory rows of the table', () => {
    expect(Object.values(INVENTORY_API).every((r) => r.service === 'inventory')).toBe(true);
  });

  it('answers the count template as a CSV file, not JSON', () => {
    expect(INVENTORY_API.exportCountTemplate.schemas).toMatchObject({ response: null, produces: 'text/csv' });
  });
});
