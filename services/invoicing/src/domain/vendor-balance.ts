import type { InvoiceStatus, InvoiceType } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import { isOpen, signOf, type Invoice } from './invoice';
import { toCents } from '@stockyard/contracts';

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
const REMEMBERED_CHANGES = 100;

/** Documents of one status and type: how many, and their totals in cents (unsigned). */
export interface BalanceRow {
  status: InvoiceStatus;
  invoiceType: InvoiceType;
  count: number;
  cents: number;
}

/** Open documents due on one day: how many, and what they owe in cents (credit memos negative). */
export interface OpenRow {
  dueDate: string;
  count: number;
  cents: number;
}

/**
 * A vendor's running balance (one document per organization and vendor), from which the stats
 * and the aging are read without reading the invoices. Stored packed (domain/balance-codec.ts).
 */
export interface VendorBalance {
  orgId: string;
  version: number;
  channelId: string;
  vendorName: string;
  rows: BalanceRow[];
  open: OpenRow[];
  applied: string[];
}

export const emptyBalance = (orgId: string, channelId: string): VendorBalance => ({
  orgId,
  version: 0,
  channelId,
  vendorName: '',
  rows: [],
  open: [],
  applied: [],
});

/** Adds `count` and `cents` to the row `matches` finds (made from `fresh` when none), dropping a row left empty. */
function bump<R extends { count: number; cents: number }>(
  rows: readonly R[],
  matches: (row: R) => boolean,
  fresh: () => R,
  count: number,
  cents: number,
): R[] {
  const found = rows.find(matches) ?? fresh();
  const next = { ...found, count: found.count + count, cents: found.cents + cents };
  const others = rows.filter((row) => row !== found);
  return next.count === 0 ? others : [...others, next];
}

function add(balance: VendorBalance, c: Contribution | null, sign: 1 | -1): VendorBalance {
  if (!c) return balance;
  const rows = bump(
    balance.rows,
    (r) => r.status === c.status && r.invoiceType === c.invoiceType,
    () => ({ status: c.status, invoiceType: c.invoiceType, count: 0, cents: 0 }),
    sign,
    sign * c.cents,
  );
  const open = isOpen(c.status)
    ? bump(
        balance.open,
        (r) => r.dueDate === c.dueDate,
        () => ({ dueDate: c.dueDate, count: 0, cents: 0 }),
        sign,
        sign * signOf(c.invoiceType) * c.cents,
      )
    : balance.open;
  return { ...balance, vendorName: c.vendorName || balance.vendorName, rows, open };
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
