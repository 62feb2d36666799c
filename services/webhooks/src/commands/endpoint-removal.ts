import { AppError } from '@stockyard/service-kit';
import type { EndpointStore } from '../store/endpoint.repository';
import type { EndpointWritten } from './endpoint-written';

/**
 * An endpoint removed for good: the deletion cascade's first write (delivery/endpoint-cascade.ts
 * opens it; its sweep finishes one a crash left marked). Its deliveries are the cascade's to remove.
 */
export class EndpointRemoval {
  constructor(
    private readonly store: EndpointStore,
    private readonly written: EndpointWritten,
  ) {}

  /**
   * True when it existed. It is marked deleted first: that change is its record in the audit
   * trail (the kit's removal records nothing), and a cascade that finds it marked removes it (a
   * crash between the two writes).
   */
  async remove(orgId: string, id: string): Promise<boolean> {
    try {
      const now = new Date();
      await this.store.change(orgId, id, (current) =>
        current.deletedAt ? {} : { state: { ...current, deletedAt: now } },
      );
      return await this.store.remove(orgId, id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'resource_not_found') return false;
      throw err;
    } finally {
      await this.written.dropCached(orgId);
    }
  }
}
