import {
  INTERNAL_BASE_PATH,
  internalRoutesOf,
  routesOf as tableRoutesOf,
  type ServiceName,
} from '@stockyard/contracts';
import { boundOn } from '@stockyard/service-kit/internals';
import { startService, TEST_WEBHOOK_SECRET_KEYS } from '@stockyard/testkit';
import { catalog } from '../services/catalog/src/app';
import { apiKeyRoutes, type ApiKeyRouteDeps } from '../services/gateway/src/http/api-keys.routes';
import { internalSettingsRoutes, settingsRoutes } from '../services/gateway/src/http/settings.routes';
import type { OrganizationRepository } from '../services/gateway/src/store/organization.repository';
import { inventory } from '../services/inventory/src/app';
import { invoicing } from '../services/invoicing/src/app';
import { orders } from '../services/orders/src/app';
import { purchasing } from '../services/purchasing/src/app';
import { webhooks } from '../services/webhooks/src/app';
import { mountedUnder, routesOf, type MountedRoute } from './support/mounted-routes';

const key = (r: MountedRoute) => `${r.method} ${r.path}`;
const tableOf = (service: ServiceName) => internalRoutesOf(service).map(key).sort();
// The partner rows as express mounts them (`/orders/{id}` is `/orders/:id`).
const partnerTableOf = (service: ServiceName) =>
  tableRoutesOf(service)
    .map((r) => `${r.method} ${r.path.replace(/\{(\w+)\}/g, ':$1')}`)
    .sort();

/**
 * Every partner route a service really mounts is a row its `api/<service>.api.ts` declares, and
 * every declared row is mounted: read from each service's built express app. (The route table
 * is those declarations, so this is what checks that a declaration is bound.)
 */
describe('the route table covers the partner routes the services mount', () => {
  const services = { catalog, inventory, invoicing, orders, purchasing, webhooks };

  it.each(Object.keys(services) as (keyof typeof services)[])('%s', async (name) => {
    const env = { WEBHOOK_SECRET_KEYS: TEST_WEBHOOK_SECRET_KEYS };
    const harness = await startService(services[name] as Parameters<typeof startService>[0], { env });
    try {
      const mounted = mountedUnder(harness.service.app, '/api/v1').map(key).sort();
      expect(mounted).toEqual(partnerTableOf(name));
      expect(mounted.length).toBeGreaterThan(0);
    } finally {
      await harness.close();
    }
  });

  // The gateway is no serviceApp: its own routers bind its rows, each through bindRoute.
  it('gateway (its api-key and settings routers)', () => {
    const routers = [apiKeyRoutes({} as ApiKeyRouteDeps), settingsRoutes({} as OrganizationRepository)];
    const bound = routers.flatMap((router) => [...boundOn(router)]).sort();
    expect(bound).toEqual(
      tableRoutesOf('gateway')
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });
});

/**
 * Every internal route a service really mounts is a row of the internal route table (with its
 * schemas, which the contracts' tests check), and every row is mounted: read from each service's
 * built express app, started as the harness starts it.
 */
describe('the internal route table covers what the services mount', () => {
  const services = { catalog, inventory, invoicing, orders, purchasing, webhooks };

  it.each(Object.keys(services) as (keyof typeof services)[])('%s', async (name) => {
    const env = { WEBHOOK_SECRET_KEYS: TEST_WEBHOOK_SECRET_KEYS };
    const harness = await startService(services[name] as Parameters<typeof startService>[0], { env });
    try {
      const mounted = mountedUnder(harness.service.app, INTERNAL_BASE_PATH).map(key).sort();
      expect(mounted).toEqual(tableOf(name));
    } finally {
      await harness.close();
    }
  });

  it('gateway (its internal settings router)', () => {
    const mounted = routesOf(internalSettingsRoutes({} as OrganizationRepository))
      .map(key)
      .sort();
    expect(mounted).toEqual(tableOf('gateway'));
    expect(mounted.length).toBeGreaterThan(0);
  });

  it('finds a route the table lacks, mounted on the app or in a router', async () => {
    const harness = await startService(purchasing);
    try {
      const app = harness.service.app;
      const before = mountedUnder(app, INTERNAL_BASE_PATH).map(key).sort();
      expect(before).toEqual(tableOf('purchasing'));
      app.post(`${INTERNAL_BASE_PATH}/extra`, (_req, res) => {
        res.json({});
      });
      expect(mountedUnder(app, INTERNAL_BASE_PATH).map(key).sort()).toEqual([...before, 'POST /extra'].sort());
      // The partner routes are another mount: none of them is taken for an internal one.
      expect(mountedUnder(app, '/api/v1').map(key)).toContain('POST /purchase-orders/:id/submit');
    } finally {
      await harness.close();
    }
  });
});
