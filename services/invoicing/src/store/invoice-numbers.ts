import { UniqueClaims } from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import { invoiceNumberTaken } from '../domain/invoice.errors';
import type { InvoiceModel, numberClaimModel } from './invoice.model';

/** The unique value of a live invoice: its vendor and its number (`src_1/INV-7`). */
export const numberValueOf = (inv: Pick<Invoice, 'channelId' | 'invoiceNumber'>) =>
  `${inv.channelId}/${inv.invoiceNumber}`;

/** Compared trimmed and upper-cased (`inv-7` and `INV-7` are one number of a vendor). */
const keyOf = (value: string) => {
  const slash = value.indexOf('/');
  return `${value.slice(0, slash)}/${value
    .slice(slash + 1)
    .trim()
    .toUpperCase()}`;
};

/**
 * The claims that keep invoice numbers unique per vendor and organization among live invoices
 * (the invoice store's unique values: a trashed invoice gives its number up, a restored one
 * claims it again).
 */
export function invoiceNumberClaims(claims: ReturnType<typeof numberClaimModel>, invoices: InvoiceModel): UniqueClaims {
  return new UniqueClaims({
    collection: claims.collection,
    keyOf,
    holderField: 'invoiceId',
    valueField: 'invoiceNumber',
    holders: invoices.collection,
    holds: (invoice, key) => !invoice.deletedAt && keyOf(numberValueOf(invoice as unknown as Invoice)) === key,
    taken: invoiceNumberTaken,
  });
}
