import { ROUTES, type Permission, type RouteSpec } from '@stockyard/contracts';
import { json } from '@stockyard/testkit';
import { startGateway, type TestGateway } from './support/gateway';

const SCOPES: Permission[] = ['invoices.read', 'pos.read', 'orders.read'];
const concrete = (route: RouteSpec) => route.path.replace(/\{[^}]+\}/g, (name) => `x_${name.slice(1, -1)}`);
const label = (route: RouteSpec) => `${route.method} ${route.path} (${route.permission})`;

/** Generated from the route table: every route, one request each, with a narrowly scoped key. */
describe('authorization over the whole route table', () => {
  let gw: TestGateway;
  let scopedKey: string;
  let storefrontKey: string;

  beforeAll(async () => {
    gw = await startGateway();
    const { orgId } = await gw.newOrg();
    scopedKey = (await gw.keyWith(orgId, 'ADMIN', SCOPES)).token;
    storefrontKey = (await gw.keyWith(orgId, 'VIEWER', ['products.read'], { type: 'storefront', channelId: 'ch_1' }))
      .token;
  });
  afterAll(() => gw?.close());

  const send = (route: RouteSpec, key: string) =>
    gw.api(route.method, concrete(route), key, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

  const admin = ROUTES.filter((r) => r.surface === 'admin');
  const forbidden = admin.filter((r) => !SCOPES.includes(r.permission));
  const allowed = admin.filter((r) => SCOPES.includes(r.permission));

  it('covers the table: some routes allowed, most forbidden', () => {
    expect(allowed.length).toBeGreaterThan(10);
    expect(forbidden.length).toBeGreaterThan(100);
  });

  it.each(forbidden.map((r) => [label(r), r] as const))('403 missing_permission on %s', async (_label, route) => {
    const res = await send(route, scopedKey);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('missing_permission');
  });

  it.each(allowed.map((r) => [label(r), r] as const))('passes authorization on %s', async (_label, route) => {
    const res = await send(route, scopedKey);
    // The owning service is not running here, so passing the gateway means 503 from the proxy.
    expect(res.status).toBe(503);
    expect((await json(res)).error.code).toBe('upstream_unavailable');
  });

  it('403 wrong_key_type: a storefront key on every admin route, an admin key on every storefront route', async () => {
    const storefront = ROUTES.filter((r) => r.surface === 'storefront');
    expect(storefront.length).toBeGreaterThan(0);
    const checks = [
      ...admin.map((r) => [r, storefrontKey] as const),
      ...storefront.map((r) => [r, scopedKey] as const),
    ];
    for (const [route, key] of checks) {
      const res = await send(route, key);
      expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: 403 });
      expect((await json(res)).error.code).toBe('wrong_key_type');
    }
  });
});
