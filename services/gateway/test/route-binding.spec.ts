import { GATEWAY_API, ROUTES, schemasOf } from '@stockyard/contracts';
// Not in the kit's index (only serviceApp's 501s read it); the gateway is no serviceApp.
import { boundOn } from '@stockyard/service-kit/internals';
import { apiKeyRoutes, type ApiKeyRouteDeps } from '../src/http/api-keys.routes';
import { settingsRoutes } from '../src/http/settings.routes';
import type { OrganizationRepository } from '../src/store/organization.repository';

/**
 * The gateway answers every row of its own (none is pending), so each must be bound through
 * bindRoute with its row's schemas: parsed by them, its answers checked against them.
 */
describe('gateway route binding', () => {
  const own = ROUTES.filter((r) => r.service === 'gateway');
  // Building the routers only binds handlers; the deps are used per request.
  const routers = [apiKeyRoutes({} as ApiKeyRouteDeps), settingsRoutes({} as OrganizationRepository)];
  const bound = new Set(routers.flatMap((router) => [...boundOn(router)]));

  it.each(own.map((r) => [`${r.method} ${r.path}`, r] as const))('%s is bound with its schemas', (name, row) => {
    expect(bound).toContain(name);
    expect(Object.values(GATEWAY_API).map((r) => `${r.method} ${r.path}`)).toContain(name);
    expect(schemasOf(row)).toBeDefined();
  });

  it('binds no row of another service', () => {
    expect([...bound].filter((name) => !own.some((r) => `${r.method} ${r.path}` === name))).toEqual([]);
  });
});
