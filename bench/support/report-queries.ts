/**
 * The report queries bench:reports times, each with what its filter matches on the store: the
 * valuation entries a valuation, an as-of or a cost-of-goods-sold read sums (the service's own
 * filters: `soldFilters` for COGS), the levels the aging and reorder reports read, the purchase
 * orders purchase spend reads of purchasing.
 */
import { soldFilters } from '../../services/inventory/src/store/valuation-reads';
import type { ReportQuery } from './report-reads';
import type { MongoClient } from './store';

type Db = ReturnType<MongoClient['db']>;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const endOf = (day: string) => new Date(`${day}T23:59:59.999Z`);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const count = (n: number) => n.toLocaleString('en');
/** The day before the last of the month `ms` falls in: the most days after a month closing an `asOf` adds. */
const monthEndEve = (ms: number) => {
  const at = new Date(ms);
  return dayOf(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0) - DAY_MS);
};

interface ReportPlaces {
  orgId: string;
  warehouses: readonly string[];
  /** A variant with a history, for its stock as of a date. */
  variantId: string;
  inventory: Db;
  purchasing: Db;
}

export function reportQueries({ orgId, warehouses, variantId, inventory, purchasing }: ReportPlaces): ReportQuery[] {
  const now = Date.now();
  const entries = inventory.collection('stock_valuation_entries');
  const summed =
    (...filters: Record<string, unknown>[]) =>
    async () => {
      const counts = await Promise.all(filters.map((f) => entries.countDocuments(f)));
      return `${count(counts.reduce((a, b) => a + b, 0))} valuation entries`;
    };
  const upTo = (at: Date, more: Record<string, unknown> = {}) => summed({ orgId, ...more, at: { $lte: at } });
  const [ago180, ago90, ago365] = [180, 90, 365].map((days) => dayOf(now - days * DAY_MS)) as [string, string, string];
  const lateInMonth = monthEndEve(now - 150 * DAY_MS);
  const warehouseId = warehouses[0]!;
  const cogs30 = summed(...soldFilters(orgId, { $gte: new Date(now - 30 * DAY_MS), $lte: new Date(now) }));
  const cogs365 = summed(...soldFilters(orgId, { $gte: startOf(ago365), $lte: new Date(now) }));
  const levels = async () => {
    const n = await inventory.collection('stock_levels').countDocuments({ orgId });
    return `no valuation entries; ${count(n)} levels (their age rows in the snapshot, the levels written since read)`;
  };
  const levelsIn = async () => {
    const term = `wh:${warehouseId}`;
    const n = await inventory.collection('stock_level_places').countDocuments({ orgId, term });
    return `no valuation entries; ${count(n)} levels in the warehouse (a page of them read, its sales after)`;
  };
  const ordersSince = (from: Date) => async () => {
    const filter = { orgId, $or: [{ receivedAt: null }, { receivedAt: { $gte: from } }] };
    const n = await purchasing.collection('purchase_orders').countDocuments(filter);
    return `no valuation entries; ${count(n)} purchase orders read of purchasing (their receipts)`;
  };
  return [
    { path: '/reports/stock-valuation', matched: upTo(new Date(now)) },
    { path: '/reports/stock-valuation?groupBy=product', matched: upTo(new Date(now)) },
    { path: '/reports/stock-valuation?groupBy=category', matched: upTo(new Date(now)) },
    { path: '/reports/stock-valuation?groupBy=warehouse', matched: upTo(new Date(now)) },
    { path: `/reports/stock-valuation?asOf=${ago180}`, matched: upTo(endOf(ago180)) },
    { path: `/reports/stock-valuation?asOf=${lateInMonth}`, matched: upTo(endOf(lateInMonth)) },
    { path: `/reports/stock-valuation?warehouseId=${warehouseId}`, matched: upTo(new Date(now), { warehouseId }) },
    { path: '/reports/cogs?groupBy=channel', matched: cogs30 },
    { path: '/reports/cogs?groupBy=product', matched: cogs30 },
    { path: '/reports/cogs?groupBy=day', matched: cogs30 },
    { path: `/reports/cogs?from=${ago365}&groupBy=channel`, matched: cogs365 },
    { path: `/reports/cogs?from=${ago365}&groupBy=product`, matched: cogs365 },
    { path: `/reports/cogs?from=${ago365}&groupBy=day`, matched: cogs365 },
    { path: `/stock/variant/${variantId}/as-of?date=${ago90}`, matched: upTo(endOf(ago90), { variantId }) },
    { path: '/reports/inventory-aging', matched: levels },
    { path: `/reports/reorder-suggestions?warehouseId=${warehouseId}&days=30`, matched: levelsIn },
    { path: '/reports/purchase-spend', matched: ordersSince(new Date(now - 30 * DAY_MS)) },
    { path: `/reports/purchase-spend?from=${ago365}&groupBy=product`, matched: ordersSince(startOf(ago365)) },
  ];
}
