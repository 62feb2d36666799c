import type { DeductStock, ReceiveStock } from '@stockyard/contracts';
import type { CostingMethod } from './cost-layer';
import { settle, type LevelChange, type MovementIds } from './level-change';
import { costReceipt, costStock } from './movement-cost';
import { paramsOf, remember, signatureOf, type OperationInput, type OperationKind } from './operations';
import {
  adjustLocation,
  onHandAt,
  onHandIn,
  primaryBinOf,
  reservedIn,
  resolveSourceLocation,
  round,
  type Reservation,
  type StockLevel,
} from './stock-level';
import { withSale } from './sale-entry';
import { insufficientAvailable, insufficientReserved, insufficientStock } from './stock.errors';

/** The internal API's moves (orders, purchasing). Each records its operation key on the level. */
interface Keyed {
  operationKey: string;
  variantId: string;
  warehouseId: string;
  quantity: number;
}

/** The key on the level's window, with its parameters' signature (a replay must match them). */
const keyed = (level: StockLevel, kind: OperationKind, input: OperationInput & { operationKey: string }, now: Date) =>
  remember(level, input.operationKey, now, signatureOf(paramsOf(kind, input)));

function reserveBy(
  level: StockLevel,
  warehouseId: string,
  delta: number,
): Pick<StockLevel, 'reservations' | 'reserved'> {
  const quantity = round(reservedIn(level, warehouseId) + delta);
  const others = (level.reservations ?? []).filter((r) => r.warehouseId !== warehouseId);
  const reservations: Reservation[] = quantity === 0 ? others : [...others, { warehouseId, quantity }];
  return { reservations, reserved: round(reservations.reduce((s, r) => s + r.quantity, 0)) };
}

/** Holds stock of one warehouse; refused above that warehouse's available quantity. */
export function reserveStock(level: StockLevel, input: Keyed, now: Date): LevelChange {
  const available = round(onHandIn(level, input.warehouseId) - reservedIn(level, input.warehouseId));
  if (input.quantity > available) throw insufficientAvailable(input.warehouseId, available, input.quantity);
  return settle(
    level,
    { ...reserveBy(level, input.warehouseId, input.quantity), operations: keyed(level, 'reserve', input, now) },
    [],
    () => '',
    now,
  );
}

export function releaseStock(level: StockLevel, input: Keyed, now: Date): LevelChange {
  const held = reservedIn(level, input.warehouseId);
  if (input.quantity > held) throw insufficientReserved(input.warehouseId, held, input.quantity);
  return settle(
    level,
    { ...reserveBy(level, input.warehouseId, -input.quantity), operations: keyed(level, 'release', input, now) },
    [],
    () => '',
    now,
  );
}

/** RECEIPT: into the named bin, else the primary bin, else Unassigned; at the line's unit cost when sent. */
export function receiveStock(
  level: StockLevel,
  input: ReceiveStock,
  ids: MovementIds,
  now: Date,
  method: CostingMethod,
): LevelChange {
  const binId = input.binId !== undefined ? input.binId : primaryBinOf(level, input.warehouseId);
  const where = { warehouseId: input.warehouseId, binId };
  const locations = adjustLocation(level, where, input.quantity);
  const draft = {
    ...where,
    type: 'RECEIPT' as const,
    quantity: input.quantity,
    reason: input.reason ?? 'Received',
    reference: input.operationKey,
  };
  const change = settle(level, { locations, operations: keyed(level, 'receive', input, now) }, [draft], ids, now);
  return costReceipt(level, change, method, input.unitCost, input.origin);
}

/**
 * SALE: from the named bin, else the resolved source location; optionally consumes the hold. Costed as
 * sold, its sale (when named) on its valuation entry.
 */
export function deductStock(
  level: StockLevel,
  input: DeductStock,
  ids: MovementIds,
  now: Date,
  method: CostingMethod,
): LevelChange {
  const where =
    input.binId !== undefined
      ? { warehouseId: input.warehouseId, binId: input.binId }
      : resolveSourceLocation(level, input.warehouseId);
  const held = onHandAt(level, where);
  if (held < input.quantity) throw insufficientStock('The source location', held, input.quantity);
  const locations = adjustLocation(level, where, -input.quantity);
  const holds = input.fromReserved ? releaseHold(level, input) : {};
  const draft = {
    ...where,
    type: 'SALE' as const,
    quantity: -input.quantity,
    reason: input.reason ?? 'Sale',
    reference: input.operationKey,
  };
  const change = settle(
    level,
    { locations, ...holds, operations: keyed(level, 'deduct', input, now) },
    [draft],
    ids,
    now,
  );
  return withSale(
    costStock(level, change, method, change.movements![0]!, 'SALE', -input.quantity),
    input.sale,
    input.quantity,
  );
}

function releaseHold(level: StockLevel, input: Keyed) {
  const held = reservedIn(level, input.warehouseId);
  if (input.quantity > held) throw insufficientReserved(input.warehouseId, held, input.quantity);
  return reserveBy(level, input.warehouseId, -input.quantity);
}
