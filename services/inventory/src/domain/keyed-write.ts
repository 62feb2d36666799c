import type { LevelChange } from './level-change';
import { appliedAs, OPERATION_WINDOW } from './operations';
import type { AppliedOperation, StockLevel } from './stock-level';

/**
 * Keyed partner writes a level keeps (the newest): each makes the document, written whole on every
 * change, larger. They cover the moment between the change and its record in stock_operations,
 * which a run again reads first; a request whose process died in that moment and that runs again
 * after more keyed writes of the variant than this moves stock again.
 */
export const REQUEST_WINDOW = 5;

/** The window with the request's key and movements added, and its oldest request key dropped past REQUEST_WINDOW. */
function rememberRequest(level: StockLevel, key: string, at: Date, movements: string[]): AppliedOperation[] {
  const operations = level.operations ?? [];
  const requests = operations.filter((o) => o.movements !== undefined);
  const dropped = new Set(requests.slice(0, Math.max(0, requests.length - REQUEST_WINDOW + 1)));
  return [...operations.filter((o) => !dropped.has(o)), { key, at, movements }].slice(-OPERATION_WINDOW);
}

/** A keyed partner write's change, or the movements it recorded in an earlier run. */
export type OnceChange = { change: LevelChange; earlier?: undefined } | { change?: undefined; earlier: string[] };

/**
 * A partner stock write (adjust, transfer, move) under an Idempotency-Key moves stock once: its
 * request's operation key is kept on the level with the movement ids, in the same update (and in
 * stock_operations after it: `recorded`, which a run again reads first), and a run of the request
 * after its process died finds it and moves nothing.
 */
export function onceFor(
  level: StockLevel,
  key: string | undefined,
  now: Date,
  compute: () => LevelChange,
  recorded?: string[],
): OnceChange {
  if (key === undefined) return { change: compute() };
  if (recorded) return { earlier: recorded };
  const applied = appliedAs(level, key);
  if (applied) return { earlier: applied.movements ?? [] };
  const change = compute();
  const movements = (change.movements ?? []).map((m) => m.id);
  return { change: { ...change, operations: rememberRequest(level, key, now, movements) } };
}
