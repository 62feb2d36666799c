import type { InvoiceStatus, InvoiceType } from '@stockyard/contracts';
import type { VendorBalance } from './vendor-balance';

/**
 * A vendor balance as it is stored: its rows packed into strings. Our FerretDB decodes every
 * nested value of a document it reads (about 50 µs an object here): 40 balances of 50 row objects
 * took about 100 ms to read, the same rows packed into three strings 6 ms (bench/README.md,
 * bench:invoicing). Packed strings also sidestep FerretDB's `$set` of objects (README, "FerretDB").
 */
export interface StoredBalance {
  orgId: string;
  version: number;
  channelId: string;
  vendorName: string;
  /** `STATUS TYPE count cents` rows, `;`-separated. */
  rows: string;
  /** `YYYY-MM-DD count cents` rows, `;`-separated. */
  open: string;
  /** Event ids, space-separated. */
  applied: string;
}

const split = (packed: string, by: string) => (packed ? packed.split(by) : []);

export const packBalance = (b: VendorBalance): StoredBalance => ({
  orgId: b.orgId,
  version: b.version,
  channelId: b.channelId,
  vendorName: b.vendorName,
  rows: b.rows.map((r) => `${r.status} ${r.invoiceType} ${r.count} ${r.cents}`).join(';'),
  open: b.open.map((r) => `${r.dueDate} ${r.count} ${r.cents}`).join(';'),
  applied: b.applied.join(' '),
});

export function unpackBalance(s: StoredBalance): VendorBalance {
  return {
    orgId: s.orgId,
    version: s.version,
    channelId: s.channelId,
    vendorName: s.vendorName,
    rows: split(s.rows, ';').map((row) => {
      const [status, invoiceType, count, cents] = row.split(' ');
      return {
        status: status as InvoiceStatus,
        invoiceType: invoiceType as InvoiceType,
        count: Number(count),
        cents: Number(cents),
      };
    }),
    open: split(s.open, ';').map((row) => {
      const [dueDate, count, cents] = row.split(' ');
      return { dueDate: dueDate!, count: Number(count), cents: Number(cents) };
    }),
    applied: split(s.applied, ' '),
  };
}
