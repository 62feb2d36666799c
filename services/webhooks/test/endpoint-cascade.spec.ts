import { createLogger } from '@stockyard/service-kit/ops';
import { CASCADE_SETTLE_MS, EndpointCascade } from '../src/delivery/endpoint-cascade';
import type { EndpointDeliveries } from '../src/commands/endpoint-deliveries';
import type { EndpointRemoval } from '../src/commands/endpoint-removal';
import type { Cascade, EndpointCascades } from '../src/store/endpoint-cascades.repository';
import type { EndpointReads } from '../src/store/endpoint.repository';

/** Stores in memory: one endpoint with `n` deliveries; every delete of a page is counted. */
function world(n: number) {
  const state = { endpoint: true, deliveries: n, pages: 0, cascades: new Map<string, Cascade>() };
  const endpoints = {
    find: async () => (state.endpoint ? { id: 'we_1' } : undefined),
  } as unknown as EndpointReads;
  const removal = {
    remove: async () => state.endpoint && !(state.endpoint = false),
  } as unknown as EndpointRemoval;
  const deliveries = {
    deletePageForEndpoint: async (_o: string, _e: string, limit: number) => {
      state.pages++;
      const removed = Math.min(limit, state.deliveries);
      state.deliveries -= removed;
      return removed;
    },
  } as unknown as EndpointDeliveries;
  const cascades = {
    open: async (orgId: string, endpointId: string, now: Date) =>
      void state.cascades.set(endpointId, { orgId, endpointId, openedAt: new Date(now.getTime() - CASCADE_SETTLE_MS) }),
    oldest: async () => [...state.cascades.values()],
    close: async (c: Cascade) => void state.cascades.delete(c.endpointId),
  } as unknown as EndpointCascades;
  const logger = createLogger('test', 'silent');
  const cascade = new EndpointCascade(cascades, endpoints, removal, deliveries, logger, { page: 2, sweepMs: 10 });
  return { state, cascade };
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('EndpointCascade', () => {
  it('the request removes the endpoint and one page of its deliveries, no more; the background the rest', async () => {
    const { state, cascade } = world(7);
    expect(await cascade.deleteEndpoint('org_1', 'we_1')).toBe(true);
    await new Promise((r) => setTimeout(r, 20)); // a kick without the part started removes nothing
    expect(state).toMatchObject({ endpoint: false, deliveries: 5, pages: 1 });
    cascade.start();
    await until(() => state.cascades.size === 0);
    await cascade.stop();
    expect(state).toMatchObject({ deliveries: 0, pages: 4 }); // 2 in the request, then 2, 2 and the last 1
  });

  it('a missing endpoint opens no cascade and removes nothing', async () => {
    const { state, cascade } = world(3);
    state.endpoint = false;
    expect(await cascade.deleteEndpoint('org_1', 'we_1')).toBe(false);
    expect(state).toMatchObject({ deliveries: 3, pages: 0 });
    expect(state.cascades.size).toBe(0);
  });
});
