import type { InvoiceCommands } from './commands/invoice-commands';
import type { InvoiceLineCommands } from './commands/invoice-line-commands';
import type { InvoiceReportCommands } from './commands/invoice-report-commands';
import type { InvoiceWorkflowCommands } from './commands/invoice-workflow-commands';
import type { LandedCostCommands } from './commands/landed-cost-commands';
import type { InvoiceLists, InvoiceReads } from './store/invoice.repository';
import type { LandedCostReads } from './store/landed-cost.repository';

/** What the invoices module gives its routes and the landed costs module: commands and reads. */
export interface InvoicesGiven {
  /** A purchase order's invoices (landed costs are allocated over them). */
  invoices: InvoiceReads;
  /** The lists, the trash and an export's pages. */
  lists: InvoiceLists;
  commands: InvoiceCommands;
  /** Lines and matching. */
  lines: InvoiceLineCommands;
  workflow: InvoiceWorkflowCommands;
  reports: InvoiceReportCommands;
}

/** What the landed costs module gives its routes. */
export interface LandedCostsGiven {
  costs: LandedCostCommands;
  /** An export's pages. */
  reads: Pick<LandedCostReads, 'exportPage'>;
}
