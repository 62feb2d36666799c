import type { ServiceName } from '@stockyard/contracts';

/**
 * Started, and ready, before the rest: what the others call as soon as they start. Orders' feed
 * round reads the catalog's feed channels at start ("feed round failed … catalog is unavailable"
 * otherwise) and purchasing's receipt sweep puts pending receipts away in inventory. The catalog
 * and inventory call each other per request only, so they start together.
 */
const START_FIRST: readonly ServiceName[] = ['catalog', 'inventory'];

/** The processes in the two waves `npm start` starts them in. */
export function startWaves<T extends { name: ServiceName }>(processes: T[]): [T[], T[]] {
  return [
    processes.filter((p) => START_FIRST.includes(p.name)),
    processes.filter((p) => !START_FIRST.includes(p.name)),
  ];
}
