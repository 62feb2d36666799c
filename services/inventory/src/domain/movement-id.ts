import { randomBase62 } from '@stockyard/service-kit/ids';

let last = 0;
let sequence = 0;

/**
 * Movement ids sort by creation: a millisecond timestamp, a per-process sequence within
 * the millisecond, then randomness. The ledger lists newest first by (createdAt, id), so
 * movements of the same millisecond keep their order.
 */
export function movementId(now = Date.now()): string {
  sequence = now === last ? sequence + 1 : 0;
  last = now;
  return `mov_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(3, '0')}${randomBase62(10)}`;
}
