import type { InvoiceStatus, InvoiceType } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { isOpen, signOf, type Invoice } from './invoice';
import { toCents } from './money';

/** What one live invoice adds to its vendor's balance: counted by status and type, owed by due date while open. */
export interface Contribution {
  channelId: string;
  vendorName: string;
  status: InvoiceStatus;
  invoiceType: InvoiceType;
  dueDate: string;
  /** The total in cents, unsigned. */
  cents: number;
}

export const contributionOf = (inv: Invoice): Contribution | null =>
  inv.deletedAt
    ? null
    : {
        channelId: inv.channelId,
        vendorName: inv.vendorName,
        status: inv.status,
        invoiceType: inv.invoiceType,
        dueDate: inv.dueDate,
        cents: toCents(inv.total),
      };

export const sameContribution = (a: Contribution | null, b: Contribution | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The change of one invoice's contribution, carried by a local event of its write. */
export interface BalanceChange {
  invoiceId: string;
  before: Contribution | null;
  after: Contribution | null;
}

/** Many applied changes are remembered by event id, so a change the relay hands over again is not counted twice. */
export const REMEMBERED_CHANGES = 200;

/**
 * A vendor's running balance (one document per organization and vendor), from which the stats
 * and the aging are read without reading the invoices: counts and cents by status and type, and
 * what open documents owe by due date (signed: credit memos negative).
 */
export interface VendorBalance {
  orgId: string;
  version: number;
  channelId: string;
  vendorName: string;
  counts: Partial<Record<InvoiceStatus, Partial<Record<InvoiceType, number>>>>;
  sums: Partial<Record<InvoiceStatus, Partial<Record<InvoiceType, number>>>>;
  open: Record<string, { count: number; cents: number }>;
  applied: string[];
}

export const emptyBalance = (orgId: string, channelId: string): VendorBalance => ({
  orgId,
  version: 0,
  channelId,
  vendorName: '',
  counts: {},
  sums: {},
  open: {},
  applied: [],
});

type Table = VendorBalance['counts'];

function bump(table: Table, c: Contribution, by: number): Table {
  const row = { ...table[c.status] };
  row[c.invoiceType] = (row[c.invoiceType] ?? 0) + by;
  if (row[c.invoiceType] === 0) delete row[c.invoiceType];
  const next = { ...table, [c.status]: row };
  if (Object.keys(row).length === 0) delete next[c.status];
  return next;
}

function bumpOpen(open: VendorBalance['open'], c: Contribution, sign: 1 | -1): VendorBalance['open'] {
  if (!isOpen(c.status)) return open;
  const was = open[c.dueDate] ?? { count: 0, cents: 0 };
  const now = { count: was.count + sign, cents: was.cents + sign * signOf(c.invoiceType) * c.cents };
  const next = { ...open, [c.dueDate]: now };
  if (now.count === 0) delete next[c.dueDate];
  return next;
}

function add(balance: VendorBalance, c: Contribution | null, sign: 1 | -1): VendorBalance {
  if (!c) return balance;
  return {
    ...balance,
    vendorName: c.vendorName || balance.vendorName,
    counts: bump(balance.counts, c, sign),
    sums: bump(balance.sums, c, sign * c.cents),
    open: bumpOpen(balance.open, c, sign),
  };
}

/** Applies one invoice's change once (by its event id): its old contribution out, its new one in. */
export function applyBalanceChange(
  balance: VendorBalance,
  eventId: string,
  change: BalanceChange,
): Decision<VendorBalance> {
  if (balance.applied.includes(eventId)) return {};
  const next = add(add(balance, change.before, -1), change.after, 1);
  return { state: { ...next, applied: [...balance.applied, eventId].slice(-REMEMBERED_CHANGES) } };
}
