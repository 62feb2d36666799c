import type { Part } from '@stockyard/service-kit';
import { PassCheckpoints } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';

/** Inventory's start-up passes' records (`inventory_passes`). */
export const inventoryPasses = (connection: Connection) => new PassCheckpoints(connection, 'inventory_passes');

/**
 * A start-up pass run once per database, before requests are taken, and recorded by its name in
 * `inventory_passes` when it ends: one stopped midway (a crash) runs whole again at the next start,
 * so a pass writes what it writes the same way twice.
 */
export abstract class OncePerDatabase implements Part {
  protected constructor(
    protected readonly connection: Connection,
    private readonly name: string,
  ) {}

  async start(): Promise<void> {
    const passes = inventoryPasses(this.connection);
    if ((await passes.progress(this.name)).finished) return;
    await this.run();
    await passes.finish(this.name);
  }

  protected abstract run(): Promise<void>;
}
