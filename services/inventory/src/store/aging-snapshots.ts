import { RecordSnapshots } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';
import { AgeSums, type AgeRow } from '../domain/inventory-aging';
import type { LevelAgeRows } from './level-age-rows';

/**
 * The stock on hand now by warehouse and day of receipt, the aging report's input, without reading
 * every level per report (issue #42): the kit's record snapshots of every level's age rows
 * (`stock_aging_heads` with their totals, `stock_aging_shards` with each level's rows and version),
 * a report reading the totals with the levels written since swapped in.
 */
export const agingSnapshots = (connection: Connection, levels: LevelAgeRows) =>
  new RecordSnapshots<AgeRow[], AgeSums>(connection, {
    collection: 'stock_aging',
    source: levels,
    keeps: (rows) => rows.length > 0,
    total: {
      empty: () => new AgeSums(),
      add: (sums, rows, sign) => sums.add(rows, sign),
      pack: (sums) => JSON.stringify(sums.rows()),
      unpack: (packed) => new AgeSums(JSON.parse(packed) as AgeRow[]),
    },
  });
export type AgingSnapshots = ReturnType<typeof agingSnapshots>;
