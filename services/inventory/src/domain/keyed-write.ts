import type { LevelChange } from './level-change';
import { appliedAs, OPERATION_WINDOW } from './operations';
import type { AppliedOperation, StockLevel } from './stock-level';

/**
 * Keyed partner writes a level keeps: between REQUEST_WINDOW and twice as many, the newest. Each
 * makes the document, written whole on every change, larger; so when they reach twice the window
 * the oldest REQUEST_WINDOW are spilled to stock_operations (one insert for several writes), which
 * a run again reads first. A key is lost only if its process died right after the change that
 * spilled it, before the insert.
 */
export const REQUEST_WINDOW = 5;

/** The window with the request's key and movements added, and the request keys it spills. */
function rememberRequest(level: StockLevel, key: string, at: Date, movements: string[]) {
  const operations = level.operations ?? [];
  const requests = operations.filter((o) => o.movements !== undefined);
  const spilled = requests.length + 1 >= 2 * REQUEST_WINDOW ? requests.slice(0, REQUEST_WINDOW) : [];
  const kept = operations.filter((o) => !spilled.includes(o));
  return { operations: [...kept, { key, at, movements }].slice(-OPERATION_WINDOW), spilled };
}

/**
 * A keyed partner write's change (with the request keys it spills, for stock_operations), or the
 * movements it recorded in an earlier run.
 */
type OnceChange =
  | { change: LevelChange; spilled: AppliedOperation[]; earlier?: undefined }
  | { change?: undefined; spilled?: undefined; earlier: string[] };

/**
 * A partner stock write (adjust, transfer, move) under an Idempotency-Key moves stock once: its
 * request's operation key is kept on the level with the movement ids, in the same update (later
 * in stock_operations: `recorded`, which a run again reads first), and a run of the request
 * after its process died finds it and moves nothing.
 */
export function onceFor(
  level: StockLevel,
  key: string | undefined,
  now: Date,
  compute: () => LevelChange,
  recorded?: string[],
): OnceChange {
  if (key === undefined) return { change: compute(), spilled: [] };
  if (recorded) return { earlier: recorded };
  const applied = appliedAs(level, key);
  if (applied) return { earlier: applied.movements ?? [] };
  const change = compute();
  const movements = (change.movements ?? []).map((m) => m.id);
  const { operations, spilled } = rememberRequest(level, key, now, movements);
  return { change: { ...change, operations }, spilled };
}
