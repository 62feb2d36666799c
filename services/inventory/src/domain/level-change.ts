import type { EventEnvelope, MovementType, StockMovement } from '@stockyard/contracts';
import { newEvent, type Decision } from '@stockyard/service-kit';
import { hasReorderPoint } from './reorder-levels';
import { availableOf, onHandAt, round, type Place, type StockLevel } from './stock-level';
import type { ValuationEntry } from './valuation-entry';
import { valuationRecorded } from './valuation-recorded';

/** Internal event carrying a movement: the ledger's row rides on it (store/ledger.ts), so a crash loses none. */
export const MOVEMENT_RECORDED = 'stock.movement_recorded' as const;

/** The fields a change may rewrite; omitted ones stay as they are. */
type LevelFields = Partial<
  Pick<StockLevel, 'locations' | 'reserved' | 'reservations' | 'primaryBins' | 'operations' | 'costPools'>
>;

/** What the domain hands the repository: new fields, the events, the movements (for the ledger), their cost. */
export interface LevelChange extends LevelFields {
  events: EventEnvelope[];
  movements?: StockMovement[];
  /** The valuation entries of the movements (movement-cost.ts), in order. */
  valuations?: ValuationEntry[];
}

/** Fixed per request, so a recomputed change (lost race) reuses the same movement ids. */
export type MovementIds = (index: number) => string;

interface MovementDraft extends Place {
  type: MovementType;
  quantity: number;
  reason: string;
  reference?: string | null;
}

/**
 * Completes a change: movement records (on hand after each, read from the new
 * locations), one ledger event per movement and, when the variant's available quantity
 * moved, one `inventory.availability_changed` with old and new from the same version.
 */
export function settle(
  level: StockLevel,
  next: LevelFields,
  drafts: MovementDraft[],
  ids: MovementIds,
  now: Date,
): LevelChange {
  const after = { ...level, ...next };
  const movements: StockMovement[] = drafts.map((d, i) => ({
    id: ids(i),
    type: d.type,
    variantId: level.variantId,
    warehouseId: d.warehouseId,
    binId: d.binId,
    quantity: round(d.quantity),
    reason: d.reason,
    onHandAfter: onHandAt(after, d),
    reference: d.reference ?? null,
    createdAt: now.toISOString(),
  }));
  const events = movements.map((movement) => newEvent(MOVEMENT_RECORDED, { orgId: level.orgId, movement }));
  const oldAvailable = availableOf(level);
  const newAvailable = availableOf(after);
  if (newAvailable !== oldAvailable) {
    events.push(
      newEvent('inventory.availability_changed', {
        orgId: level.orgId,
        variantId: level.variantId,
        oldAvailable,
        newAvailable,
      }),
    );
  }
  return { ...next, events, movements };
}

/** What a change hands its caller besides the new level: the movements it recorded, and more. */
export type LevelResult<X extends object = object> = { movements: StockMovement[] } & X;
export type LevelDecision<X extends object = object> = Decision<StockLevel, LevelResult<X>>;

/**
 * A change as the aggregate store's decision: the new level (with `hasReorderPoint` derived from
 * its rows, written only when it moves), its events and its valuation entries' (the store adds
 * the level-place index's update when its set of places changed), its movements (and `extra`) back.
 */
export function decision<X extends object = object>(
  level: StockLevel,
  change: LevelChange,
  extra?: X,
): LevelDecision<X> {
  const { events, movements = [], valuations = [], ...fields } = change;
  const locations = fields.locations ?? level.locations;
  const state = { ...level, ...fields, hasReorderPoint: hasReorderPoint(locations) };
  const all = valuations.length ? [...events, valuationRecorded(level, valuations)] : events;
  return { state, events: all, result: { movements, ...extra } as LevelResult<X> };
}
