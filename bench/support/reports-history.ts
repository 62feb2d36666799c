/**
 * One variant's year of stock, decided by inventory's own domain functions as its commands decide
 * them: receipts at a unit cost (purchasing's `receiveStock`), sales naming their order, channel and
 * price (orders' `deductStock`), a few adjusts and transfers, each dated at its moment of the year
 * and turned into the level's next state by `decision`. Answers the level after them, the ledger's
 * movements and the valuation entries (each with the level's version after its change), which
 * reports-seed.ts stores as the service would have.
 */
import type { StockMovement } from '@stockyard/contracts';
import { adjustStock } from '../../services/inventory/src/domain/adjust-stock';
import { decision, type LevelChange } from '../../services/inventory/src/domain/level-change';
import { movementId } from '../../services/inventory/src/domain/movement-id';
import { onHandIn, type StockLevel } from '../../services/inventory/src/domain/stock-level';
import { deductStock, receiveStock } from '../../services/inventory/src/domain/stock-operations';
import { transferStock } from '../../services/inventory/src/domain/transfer-stock';
import type { ValuationEntry } from '../../services/inventory/src/domain/valuation-entry';

const DAY_MS = 86_400_000;

interface HistoryPlace {
  orgId: string;
  variantId: string;
  warehouses: readonly string[];
  channels: readonly string[];
  /** Movements to make (a transfer makes two). */
  movements: number;
  /** The variant's usual unit cost, in whole cents; receipts vary around it. */
  costCents: number;
  /** The year ends here. */
  end: number;
}

/** What one change made: the level's version after it, its movements and its valuation entries. */
export interface HistoryStep {
  version: number;
  movements: StockMovement[];
  entries: ValuationEntry[];
}

export interface History {
  level: StockLevel;
  steps: HistoryStep[];
  /** The first change's moment (the level's creation). */
  first: Date;
  last: Date;
}

const money = (cents: number) => Math.round(cents) / 100;

interface Moment {
  onHand: number;
  quantity: number;
  warehouses: number;
  /** Movements still to make. */
  left: number;
}

/** What a moment is, by a roll: a sale, transfer or adjust where the warehouse's stock allows one, else a receipt. */
function kindOf(roll: number, { onHand, quantity, warehouses, left }: Moment) {
  if (roll < 0.72) return onHand >= quantity ? 'sale' : 'receipt';
  if (roll < 0.76) return onHand >= 2 && warehouses > 1 && left >= 2 ? 'transfer' : 'receipt';
  return roll < 0.8 ? 'adjust' : 'receipt';
}

/**
 * The variant's history: `movements` moments over the 365 days before `end`, oldest first. A sale
 * (72 % of moments, 1–4 units) needs that much on hand in its warehouse, else the moment is a receipt
 * (5–15 units at ±10 % of the cost); 4 % transfer a quarter of a warehouse's stock to another, 4 %
 * adjust (one damaged out, or 1–3 found, in at the average). FIFO, the organization's default method.
 */
export function historyOf(place: HistoryPlace, random: () => number): History {
  const { orgId, variantId, warehouses, channels } = place;
  const moments = Array.from({ length: place.movements }, () => place.end - Math.floor(random() * 365 * DAY_MS));
  moments.sort((a, b) => a - b);
  let level: StockLevel = { orgId, variantId, locations: [], reserved: 0, version: 0 };
  const steps: HistoryStep[] = [];
  let made = 0;
  let serial = 0;
  while (made < moments.length) {
    const now = new Date(moments[made]!);
    const ids = () => movementId(now.getTime());
    const warehouseId = warehouses[Math.floor(random() * warehouses.length)]!;
    const onHand = onHandIn(level, warehouseId);
    const key = `bench:${variantId}:${serial++}`;
    const quantity = 1 + Math.floor(random() * 4);
    const kind = kindOf(random(), { onHand, quantity, warehouses: warehouses.length, left: moments.length - made });
    let change: LevelChange;
    if (kind === 'sale') {
      const channelId = channels[Math.floor(random() * channels.length)]!;
      const unitPrice = money(place.costCents * (1.4 + random() * 0.4));
      const sale = { orderId: `ord_bench_${variantId}_${serial}`, channelId, unitPrice };
      const input = { operationKey: key, variantId, warehouseId, quantity, fromReserved: false, sale };
      change = deductStock(level, input, ids, now, 'FIFO');
    } else if (kind === 'transfer') {
      const others = warehouses.filter((w) => w !== warehouseId);
      const toWarehouseId = others[Math.floor(random() * others.length)]!;
      const input = { variantId, fromWarehouseId: warehouseId, toWarehouseId, quantity: Math.ceil(onHand / 4) };
      change = transferStock(level, input, `trf_bench_${variantId}_${serial}`, ids, now, 'FIFO');
    } else if (kind === 'adjust') {
      const out = onHand > 0 && random() < 0.5;
      const input = out
        ? { variantId, warehouseId, quantity: -1, reason: 'Damaged' }
        : { variantId, warehouseId, quantity: Math.min(quantity, 3), reason: 'Found in a count' };
      change = adjustStock(level, input, ids, now, 'FIFO');
    } else {
      const unitCost = money(place.costCents * (0.9 + random() * 0.2));
      const input = { operationKey: key, variantId, warehouseId, quantity: 5 + Math.floor(random() * 11), unitCost };
      change = receiveStock(level, input, ids, now, 'FIFO');
    }
    const { state } = decision(level, change);
    level = { ...state!, version: level.version + 1 };
    const movements = change.movements ?? [];
    steps.push({ version: level.version, movements, entries: change.valuations ?? [] });
    made += movements.length;
  }
  return { level, steps, first: new Date(moments[0] ?? place.end), last: new Date(moments.at(-1) ?? place.end) };
}
