import { TermIndex } from '@stockyard/service-kit';
import type { Connection } from 'mongoose';
import type { Invoice } from '../domain/invoice';
import { SEARCH_TERMS_CHANGED, searchTermsOf } from '../domain/invoice-search';

/** The invoices' term index (`invoice_terms`), a projection of the invoice store. */
export const invoiceTerms = (connection: Connection) =>
  new TermIndex<Invoice>(connection, {
    collection: 'invoice_terms',
    event: SEARCH_TERMS_CHANGED,
    refField: 'invoiceId',
    termsOf: searchTermsOf,
  });
export type InvoiceTerms = ReturnType<typeof invoiceTerms>;
