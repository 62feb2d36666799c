import {
  fromCents,
  periodEnd,
  periodStart,
  timesCents,
  toCents,
  type Page,
  type PurchaseSpendGroupBy,
  type PurchaseSpendQuery,
  type PurchaseSpendReport,
} from '@stockyard/contracts';
import { dayOf } from './calendar';
import { lineTotalCents, signOf, type Invoice } from './invoice';
import { countedVariances } from './invoice-variance-applied';
import type { LandedCost } from './landed-cost';

const DAY_MS = 86_400_000;
/** The period when `from` is left out: the 30 days before `to`. */
const DEFAULT_DAYS = 30;

/**
 * The report's period: receipts applied and landed costs recorded in [start, end] (end is the last
 * millisecond), invoices dated on the calendar days (UTC) from `fromDay` to `toDay`.
 */
interface SpendPeriod {
  start: Date;
  end: Date;
  fromDay: string;
  toDay: string;
}

/** The query's period: `to` now and `from` 30 days before it when left out; a date is its whole day (UTC). */
export function spendPeriod(query: Pick<PurchaseSpendQuery, 'from' | 'to'>, now: Date): SpendPeriod {
  const end = new Date(query.to === undefined ? now.getTime() : periodEnd(query.to));
  const start = new Date(query.from === undefined ? end.getTime() - DEFAULT_DAYS * DAY_MS : periodStart(query.from));
  return { start, end, fromDay: dayOf(start), toDay: dayOf(end) };
}

/** A receipt line of the period as purchasing answers it (the fields the report adds up). */
export interface SpendReceipt {
  channelId: string;
  supplierName: string;
  variantId: string;
  quantity: number;
  unitCost: number;
}

/** What the report needs of an order an invoice or a landed cost names: its vendor and its lines' variants. */
export interface SpendOrder {
  id: string;
  channelId: string;
  lines: readonly { id: string; variantId: string }[];
}

/** A variant's product, from the catalog. */
export interface SpendProduct {
  productId: string;
  productName: string;
}

/** Everything of the period the report adds up. */
export interface SpendFacts {
  receipts: readonly SpendReceipt[];
  /** Recorded (not DRAFT), live, dated in the period. */
  invoices: readonly Pick<
    Invoice,
    'invoiceType' | 'status' | 'deletedAt' | 'lines' | 'total' | 'channelId' | 'vendorName' | 'purchaseOrderId'
  >[];
  /** Live, recorded in the period. */
  landedCosts: readonly Pick<LandedCost, 'purchaseOrderId' | 'allocations'>[];
  /** The orders the invoices and landed costs name, by id (an order purchasing no longer has is left out). */
  orders: ReadonlyMap<string, SpendOrder>;
  /** Variants' products (product grouping only; a variant the catalog no longer has is left out). */
  products: ReadonlyMap<string, SpendProduct>;
}

interface Sums {
  received: number;
  invoiced: number;
  variance: number;
  landed: number;
}
type Figure = keyof Sums;

/** The groups' sums in cents and their names, keyed by vendor or product id (null: no known product). */
class Groups {
  readonly sums = new Map<string | null, Sums>();
  readonly names = new Map<string, string>();

  add(key: string | null, figure: Figure, cents: number, name?: string) {
    let sums = this.sums.get(key);
    if (!sums) this.sums.set(key, (sums = { received: 0, invoiced: 0, variance: 0, landed: 0 }));
    sums[figure] += cents;
    if (key !== null && name !== undefined && !this.names.has(key)) this.names.set(key, name);
  }
}

/**
 * Where an amount of a variant or an order line goes: its vendor (the order's supplier, the
 * invoice's vendor) or its variant's product (null when the product, the order or the line is unknown).
 */
function keyer(groupBy: PurchaseSpendGroupBy, facts: SpendFacts) {
  const product = (variantId: string | undefined) => (variantId ? facts.products.get(variantId) : undefined);
  const variantOf = (poId: string | null, lineId: string) =>
    (poId ? facts.orders.get(poId) : undefined)?.lines.find((l) => l.id === lineId)?.variantId;
  return {
    /** A variant's group: its product (vendor grouping gives the vendor itself). */
    ofVariant(vendor: string | null, variantId: string | undefined): [string | null, string | undefined] {
      if (groupBy === 'vendor') return [vendor, undefined];
      const p = product(variantId);
      return [p?.productId ?? null, p?.productName];
    },
    /** An order line's group. */
    ofLine(vendor: string | null, poId: string | null, lineId: string): [string | null, string | undefined] {
      return this.ofVariant(vendor, groupBy === 'vendor' ? undefined : variantOf(poId, lineId));
    },
  };
}

/** Received: each receipt line's quantity × its unit cost, rounded half away from zero to the cent. */
function addReceipts(groups: Groups, key: ReturnType<typeof keyer>, facts: SpendFacts, groupBy: PurchaseSpendGroupBy) {
  for (const r of facts.receipts) {
    const [k, name] = key.ofVariant(r.channelId, r.variantId);
    groups.add(
      k,
      'received',
      timesCents(r.quantity, toCents(r.unitCost)),
      groupBy === 'vendor' ? r.supplierName : name,
    );
  }
}

/**
 * Invoiced: by vendor each document's total, signed (credit memos −); by product each line's total
 * to its matched order line's product, and charges and unmatched lines to null. Price variance: the
 * standard invoices' counted cost variances (payable, matched), by order line.
 */
function addInvoices(groups: Groups, key: ReturnType<typeof keyer>, facts: SpendFacts, groupBy: PurchaseSpendGroupBy) {
  for (const inv of facts.invoices) {
    const sign = signOf(inv.invoiceType);
    const total = sign * toCents(inv.total);
    if (groupBy === 'vendor') {
      groups.add(inv.channelId, 'invoiced', total, inv.vendorName);
    } else {
      let placed = 0;
      for (const line of inv.lines) {
        if (!line.purchaseOrderLineId) continue;
        const [k, name] = key.ofLine(inv.channelId, inv.purchaseOrderId, line.purchaseOrderLineId);
        const cents = sign * lineTotalCents(line);
        groups.add(k, 'invoiced', cents, name);
        placed += cents;
      }
      // Charges and unmatched lines: the rest of the total, so every grouping adds up to the same total.
      if (total !== placed) groups.add(null, 'invoiced', total - placed);
    }
    for (const [lineId, cents] of countedVariances(inv)) {
      const [k, name] = key.ofLine(inv.channelId, inv.purchaseOrderId, lineId);
      groups.add(k, 'variance', cents, groupBy === 'vendor' ? inv.vendorName : name);
    }
  }
}

/** Landed costs: each allocation to its order's vendor or its line's product (an unallocated amount is in none). */
function addLandedCosts(groups: Groups, key: ReturnType<typeof keyer>, facts: SpendFacts) {
  for (const cost of facts.landedCosts) {
    const vendor = facts.orders.get(cost.purchaseOrderId)?.channelId ?? null;
    for (const a of cost.allocations) {
      const [k, name] = key.ofLine(vendor, cost.purchaseOrderId, a.purchaseOrderLineId);
      groups.add(k, 'landed', toCents(a.amount), name);
    }
  }
}

const byKey = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/**
 * GET /reports/purchase-spend: received, invoiced, price variance and landed costs per vendor or
 * product over the period, summed in integer cents; groups by key (null last), a page of them,
 * and the totals of every group.
 */
export function purchaseSpendReport(
  period: SpendPeriod,
  groupBy: PurchaseSpendGroupBy,
  facts: SpendFacts,
  page: Page,
): PurchaseSpendReport {
  const groups = new Groups();
  const key = keyer(groupBy, facts);
  addReceipts(groups, key, facts, groupBy);
  addInvoices(groups, key, facts, groupBy);
  addLandedCosts(groups, key, facts);
  const rows = [...groups.sums.entries()].sort(([a], [b]) => byKey(a, b));
  const total = (figure: Figure) => fromCents(rows.reduce((sum, [, s]) => sum + s[figure], 0));
  return {
    data: rows.slice(page.offset, page.offset + page.limit).map(([k, s]) => ({
      key: k,
      name: k === null ? null : (groups.names.get(k) ?? null),
      receivedAmount: fromCents(s.received),
      invoicedAmount: fromCents(s.invoiced),
      priceVariance: fromCents(s.variance),
      landedCosts: fromCents(s.landed),
    })),
    total: rows.length,
    limit: page.limit,
    offset: page.offset,
    from: period.start.toISOString(),
    to: period.end.toISOString(),
    groupBy,
    totalReceivedAmount: total('received'),
    totalInvoicedAmount: total('invoiced'),
    totalPriceVariance: total('variance'),
    totalLandedCosts: total('landed'),
  };
}
