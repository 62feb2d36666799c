import { CATALOG_API, ROUTES, schemasOf, type RouteSpec } from '@stockyard/contracts';
import { startChannels, type Channels } from './support/channels';

const key = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;
const catalogRows = ROUTES.filter((r) => r.service === 'catalog');
const bound = new Set(Object.values(CATALOG_API).map(key));
// A path id no organization has: each built row answers it (404, 400) without a 501 or a 5xx.
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'prd_routebinding0000000000');

describe('catalog routes bound to the route table', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels('org_route_binding');
  });
  afterAll(() => h.close());

  it('binds every row through CATALOG_API, with its schemas (the storefront reads too)', () => {
    const built = catalogRows;
    expect(built.map(key).filter((k) => !bound.has(k))).toEqual([]);
    for (const row of built) expect(schemasOf(row)).toBeDefined();
    expect(bound.size).toBe(Object.keys(CATALOG_API).length);
  });

  it('answers each bound row itself (no 501, no 5xx)', async () => {
    const answers: string[] = [];
    for (const row of catalogRows.filter((r) => bound.has(key(r)))) {
      const res = await h.request(row.method, concrete(row.path), row.method === 'GET' ? undefined : {});
      if (res.status === 501 || res.status >= 500) answers.push(`${key(row)}: ${res.status}`);
    }
    expect(answers).toEqual([]);
  });

  it('has no row left to answer 501 not_implemented (the storefront reads were the last)', () => {
    expect(catalogRows.filter((r) => !bound.has(key(r))).map(key)).toEqual([]);
  });
});
