import { TermIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import { PLACES_CHANGED, placeTermsOf } from '../domain/level-places';
import type { StockLevel } from '../domain/stock-level';
import type { StockLevelModel } from './stock-level.model';
import { OncePerDatabase } from './pass-checkpoints';

/**
 * The level-place index (`stock_level_places`), a projection of the level store: a row per place
 * a level has a location row in (`placeTermsOf`: `wh:<warehouseId>`, `bin:<binId>`), ref the
 * variant id, updated by the writes that change a level's set of places. Read by exact term for a
 * warehouse's or a bin's levels, where a condition on the levels' `locations` array reads every
 * level of the organization on our FerretDB build.
 */
export const levelPlaces = (connection: Connection) =>
  new TermIndex<StockLevel>(connection, {
    collection: 'stock_level_places',
    event: PLACES_CHANGED,
    refField: 'variantId',
    termsOf: placeTermsOf,
    refOf: (level) => level.variantId,
  });
export type LevelPlaces = ReturnType<typeof levelPlaces>;

const PASS = 'stock_level_places';

/**
 * Levels written before the level-place index was kept get their rows once per database, before
 * requests are taken (recorded in `inventory_passes`); every change that moves a level's places
 * keeps them since.
 */
export class LevelPlacesRebuild extends OncePerDatabase {
  constructor(
    connection: Connection,
    private readonly model: StockLevelModel,
    private readonly places: LevelPlaces,
  ) {
    super(connection, PASS);
  }

  protected async run(): Promise<void> {
    // Only what the index needs is read; a level stored before versions were kept is version 0.
    const levels = this.model
      .find({}, { orgId: 1, variantId: 1, locations: 1, version: 1 })
      .lean<StockLevel[]>()
      .cursor();
    for await (const level of levels)
      if (level.locations?.length) await this.places.reindex({ ...level, version: level.version ?? 0 });
  }
}
