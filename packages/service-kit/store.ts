// Storage helpers below AggregateStore: batching (writes, and reads a part at a time, a peer's too), locks,
// recent work, replacing sets, state tables' class, number sequences, start-up passes' checkpoints, the list
// rows' backfill and reads, the states projections work from, and record snapshots.
export { InsertBatcher } from './src/db/insert-batcher';
export { inParts } from './src/parts';
export { NumberSequence } from './src/store/number-sequence';
export { GeneratedNumbers } from './src/store/generated-numbers';
export { ListRowsBackfill } from './src/store/list-rows-backfill';
export { RowLists, EARLIEST, trashedOf } from './src/store/row-lists';
export { WrittenStates } from './src/store/written-states';
export { PassCheckpoints } from './src/store/pass-checkpoints';
export {
  RecordSnapshots,
  type SnapshotRecord,
  type SnapshotSource,
  type SnapshotTotal,
} from './src/store/record-snapshots';
export { SnapshotRefresher } from './src/store/snapshot-refresher';
export { replaceAll } from './src/db/replace-all';
export { documentLocks, documentKey, KeyedMutex } from './src/db/document-lock';
export { RecentMap } from './src/recent-map';
export { RecentWork } from './src/recent-work';
export type { TermPresence } from './src/store/term-presence';
export type { Decide, Changed, StateCodec } from './src/store/aggregate-store';
export { readList, type PageRead } from './src/store/read-page';
export type { UniqueClaimsOptions } from './src/store/unique-claims';
export type { UniqueValuesOption } from './src/store/unique-values';
export { StateTable, type Transitions } from './src/domain/state-table';
export { pendingService } from './src/pending-service';
export type { ServiceDefinition } from './src/service';
