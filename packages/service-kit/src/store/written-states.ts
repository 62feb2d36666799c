import { RecentMap } from '../recent-map';
import type { Aggregate } from './decision';

/**
 * The states an aggregate's last writes made, kept for a projection that works from the state (a
 * list row, an order's holds): the store hands each over (`Projection.wrote`) before the update
 * is applied, so the update right after the write needs no read. A state is answered only when it
 * is the write's own or newer; the relay's replay after a crash finds none and reads the stored one.
 */
export class WrittenStates<S extends Aggregate & { id: string }> {
  private readonly kept: RecentMap<string, S>;

  constructor(size: number) {
    this.kept = new RecentMap(size);
  }

  wrote(state: S): void {
    this.kept.set(state.id, state);
  }

  /** The kept state of the organization's aggregate at `version` or later, or undefined. */
  atLeast(orgId: string, id: string, version: number): S | undefined {
    const state = this.kept.get(id);
    return state?.orgId === orgId && state.version >= version ? state : undefined;
  }
}
