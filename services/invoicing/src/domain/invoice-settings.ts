import type { AccountingPushMode, OrgSettings } from '@stockyard/contracts';
import type { InvoiceWorkflow } from './invoice-states';
import type { Tolerance } from './line-matching';

/** What invoicing reads of the organization's settings (the gateway's). */
export interface InvoiceSettings {
  workflow: InvoiceWorkflow;
  accountingPush: AccountingPushMode;
  tolerance: Tolerance;
}

export const invoiceSettingsOf = (settings: OrgSettings): InvoiceSettings => ({
  workflow: settings.invoiceWorkflow,
  accountingPush: settings.accountingPush,
  tolerance: { percent: settings.matchTolerancePercent, amount: settings.matchToleranceAmount },
});
