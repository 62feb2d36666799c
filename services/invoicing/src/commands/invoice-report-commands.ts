import { MAX_STATEMENT_DOCUMENTS, type AgingQuery, type VendorStatementQuery } from '@stockyard/contracts';
import { errors } from '../domain/errors';
import { invoiceAging, invoiceStats } from '../domain/invoice-reports';
import { dayOf } from '../domain/calendar';
import { vendorStatement } from '../domain/vendor-statement';
import type { InvoiceReads } from '../store/invoice.repository';
import type { VendorBalances } from '../store/vendor-balances';

/**
 * Stats and aging from the vendors' running balances (one small document per vendor, never the
 * invoices themselves); a statement from the vendor's invoices in its date range.
 */
export class InvoiceReportCommands {
  constructor(
    private readonly reads: InvoiceReads,
    private readonly balances: VendorBalances,
  ) {}

  async stats(orgId: string) {
    return invoiceStats(await this.balances.all(orgId));
  }

  async aging(orgId: string, query: AgingQuery) {
    return invoiceAging(await this.balances.all(orgId, query.channelId), query.asOf ?? dayOf(new Date()));
  }

  async statement(orgId: string, query: VendorStatementQuery) {
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
      throw errors.invalid_date_range('dateFrom is after dateTo');
    }
    const found = await this.reads.ofVendor(
      orgId,
      query.channelId,
      query.dateFrom,
      query.dateTo,
      MAX_STATEMENT_DOCUMENTS + 1,
    );
    if (found.length > MAX_STATEMENT_DOCUMENTS) {
      throw errors.statement_too_large(
        `The range holds more than ${MAX_STATEMENT_DOCUMENTS} documents; narrow dateFrom / dateTo`,
      );
    }
    return vendorStatement(query, found);
  }
}
