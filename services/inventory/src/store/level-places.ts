import type { EventEnvelope } from '@stockyard/contracts';
import { RecentWork, SearchIndex, type Part } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { PLACES_CHANGED, PlacesChangedSchema, placeTermsOf } from '../domain/level-places';
import type { StockLevel } from '../domain/stock-level';
import type { StockLevelModel } from './stock-level.model';

/** Index updates this process applied lately, by event id, for the relay's copy to skip. */
const RECENT_UPDATES = 20_000;

/**
 * The level-place index (`stock_level_places`, the kit's `SearchIndex`): a row per place a
 * level has a location row in (`placeTermsOf`: `wh:<warehouseId>`, `bin:<binId>`), ref the
 * variant id, kept from `stock.level_places_changed` (applied before the change answers, and
 * again by the relay's local handler, which skips what this process just applied). Read by exact
 * term for a warehouse's or a bin's levels, where a condition on the levels' `locations` array
 * reads every level of the organization on our FerretDB build.
 */
export class LevelPlaces {
  private readonly index: SearchIndex;
  private readonly recent = new RecentWork(RECENT_UPDATES);

  constructor(connection: Connection) {
    this.index = new SearchIndex(connection, 'stock_level_places');
  }

  get model() {
    return this.index.model;
  }

  /** A change's updates of the index, applied before the request answers (the relay's copy is then a no-op). */
  async applyAll(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (event.name !== PLACES_CHANGED) continue;
      await this.recent.run(event.id, () => this.apply(event));
    }
  }

  /** The relay's local handler of the event: skips what the request path just applied. */
  async applyIfNew(event: EventEnvelope): Promise<void> {
    await this.recent.runIfNew(event.id, () => this.apply(event));
  }

  /** Sets a stored level's rows from the level itself (the rebuild of a database older than the index). */
  async reindex(level: Pick<StockLevel, 'orgId' | 'variantId' | 'locations' | 'version'>): Promise<void> {
    await this.index.replace(level.orgId, level.variantId, level.version ?? 0, placeTermsOf(level));
  }

  /** Variant ids of the organization's levels that may have a row at the place's term: a superset. */
  async variantIds(orgId: string, term: string): Promise<string[]> {
    return (await this.index.refsWithTerms(orgId, [term])).refs;
  }

  private async apply(event: EventEnvelope): Promise<void> {
    const { orgId, variantId, version, terms } = PlacesChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    await this.index.replace(orgId, variantId, version, terms);
  }
}

const PASS = 'stock_level_places';

/**
 * Levels written before the level-place index was kept get their rows once per database, before
 * requests are taken (recorded in `inventory_passes`); every change that moves a level's places
 * keeps them since.
 */
export class LevelPlacesRebuild implements Part {
  constructor(
    private readonly connection: Connection,
    private readonly model: StockLevelModel,
    private readonly places: LevelPlaces,
  ) {}

  async start(): Promise<void> {
    const passes = this.connection.collection<{ _id: string; at: Date }>('inventory_passes');
    if (await passes.findOne({ _id: PASS })) return;
    const levels = this.model
      .find({}, { orgId: 1, variantId: 1, locations: 1, version: 1 })
      .lean<Pick<StockLevel, 'orgId' | 'variantId' | 'locations' | 'version'>[]>()
      .cursor();
    for await (const level of levels) if (level.locations?.length) await this.places.reindex(level);
    await passes.updateOne({ _id: PASS }, { $set: { at: new Date() } }, { upsert: true });
  }
}
