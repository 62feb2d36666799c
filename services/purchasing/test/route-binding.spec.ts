import { PURCHASING_API, routesOf, schemasOf } from '@stockyard/contracts';

/** Every purchasing row is built: none answers 501. */
const PENDING: string[] = [];

describe('purchasing route binding', () => {
  const bound = new Set(Object.values(PURCHASING_API).map((r) => `${r.method} ${r.path}`));
  const rows = routesOf('purchasing').map((r) => [`${r.method} ${r.path}`, r] as const);

  it.each(rows.filter(([name]) => !PENDING.includes(name)))('gives %s schemas in PURCHASING_API', (name, route) => {
    expect(bound.has(name)).toBe(true);
    expect(schemasOf(route)).toBeDefined();
  });

  it('leaves exactly the rows not built yet unbound', () => {
    expect(rows.map(([name]) => name).filter((name) => !bound.has(name))).toEqual(PENDING);
  });

  it('binds nothing outside the purchasing rows of the table', () => {
    expect(Object.values(PURCHASING_API).every((r) => r.service === 'purchasing')).toBe(true);
  });
});
