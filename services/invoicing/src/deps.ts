import type { InvoicesGiven } from './invoices.module';
import type { LandedCostsGiven } from './landed-costs.module';

/** What invoicing's modules give their routes and consumers (built in app.ts), by module. */
export interface InvoicingDeps {
  invoices: InvoicesGiven;
  landedCosts: LandedCostsGiven;
}
