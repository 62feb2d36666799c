import { AppError, type BroadcastCache } from '@stockyard/service-kit';
import type { Changed } from '@stockyard/service-kit/store';
import type { Endpoint } from '../domain/endpoint';
import type { EnabledEndpoints } from '../store/endpoint.repository';

interface EndpointHooks {
  /** After a change that disabled the endpoint (auto-disable or PATCH): its pending deliveries stop. */
  onDisabled?: (orgId: string, endpointId: string) => void;
}

/**
 * What follows every write of an endpoint, whichever use case made it through the store. The
 * dispatcher reads an organization's enabled endpoints from a cache on every replica (the service
 * passes one; tools and some tests none): each write drops the organization's entry everywhere
 * (BroadcastCache). A change that disabled the endpoint runs the `onDisabled` hook.
 */
export class EndpointWritten {
  constructor(
    private readonly enabledByOrg?: BroadcastCache<EnabledEndpoints>,
    private readonly hooks: EndpointHooks = {},
  ) {}

  /** Drops the organization's cached enabled endpoints, here and on every replica. */
  async dropCached(orgId: string): Promise<void> {
    await this.enabledByOrg?.changed(orgId);
  }

  /**
   * Runs a change of the endpoint (the store's, decided by `endpointDecision`: its result is
   * whether the endpoint was enabled before) and what follows it: the hook when it went from
   * enabled to disabled, and the cache dropped whether or not it was written. Undefined when the
   * endpoint does not exist.
   */
  async change(
    orgId: string,
    id: string,
    change: () => Promise<Changed<Endpoint, boolean>>,
  ): Promise<Endpoint | undefined> {
    try {
      const { state, result: wasEnabled } = await change();
      if (wasEnabled && !state.enabled) this.hooks.onDisabled?.(orgId, id);
      return state;
    } catch (err) {
      if (err instanceof AppError && err.code === 'resource_not_found') return undefined;
      throw err;
    } finally {
      await this.dropCached(orgId);
    }
  }
}
