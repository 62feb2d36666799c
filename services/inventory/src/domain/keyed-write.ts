import type { LevelChange } from './level-change';
import { appliedAs, remember } from './operations';
import type { StockLevel } from './stock-level';

/** A keyed partner write's change, or the movements it recorded in an earlier run. */
export type OnceChange = { change: LevelChange; earlier?: undefined } | { change?: undefined; earlier: string[] };

/**
 * A partner stock write (adjust, transfer, move) under an Idempotency-Key moves stock once: its
 * request's operation key is kept on the level with the movement ids, in the same update, and a
 * run of the request after its process died finds it there and moves nothing.
 */
export function onceFor(level: StockLevel, key: string | undefined, now: Date, compute: () => LevelChange): OnceChange {
  if (key === undefined) return { change: compute() };
  const applied = appliedAs(level, key);
  if (applied) return { earlier: applied.movements ?? [] };
  const change = compute();
  const movements = (change.movements ?? []).map((m) => m.id);
  return { change: { ...change, operations: remember(level, key, now, undefined, movements) } };
}
