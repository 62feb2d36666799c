import type { MarkPaid } from '@stockyard/contracts';
import { notFound, type Decision } from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import type { InvoiceSettings } from '../domain/invoice-settings';
import {
  approveInvoice,
  disputeInvoice,
  markInvoicePaid,
  reconcileInvoice,
  reopenInvoice,
  submitInvoice,
  unreconcileInvoice,
} from '../domain/invoice-workflow';
import type { SettingsReads } from '../peers/org-settings';
import type { PurchaseOrderReads } from '../peers/purchase-orders';
import type { InvoiceReads, InvoiceStore } from '../store/invoice.repository';
import { withVariances } from './variance-writes';

/**
 * The invoice's status changes (the state table) and its reconciled overlay; a move into or out
 * of payable carries its variances' event (variance-writes.ts).
 */
export class InvoiceWorkflowCommands {
  constructor(
    private readonly store: InvoiceStore,
    private readonly reads: InvoiceReads,
    private readonly settings: SettingsReads,
    private readonly orders: PurchaseOrderReads,
  ) {}

  submit = (orgId: string, id: string) => this.decide(orgId, id, (inv) => submitInvoice(inv, new Date()));
  dispute = (orgId: string, id: string, reason?: string) =>
    this.decide(orgId, id, (inv) => disputeInvoice(inv, reason, new Date()));
  unreconcile = (orgId: string, id: string) => this.decide(orgId, id, (inv) => unreconcileInvoice(inv));

  approve = (orgId: string, id: string) => this.withSettings(orgId, id, (inv, s) => approveInvoice(inv, s, new Date()));
  reopen = (orgId: string, id: string) => this.withSettings(orgId, id, (inv, s) => reopenInvoice(inv, s, new Date()));
  markPaid = (orgId: string, id: string, body: MarkPaid) =>
    this.withSettings(orgId, id, (inv, s) => markInvoicePaid(inv, body, s, new Date()));
  reconcile = (orgId: string, id: string) =>
    this.withSettings(orgId, id, (inv, s) => reconcileInvoice(inv, s, new Date()));

  private async decide(orgId: string, id: string, decide: (inv: Invoice) => Decision<Invoice, Invoice>) {
    return (await this.store.change(orgId, id, withVariances(this.orders, decide))).state;
  }

  /** A change that depends on the organization's settings (workflow, accounting push), read first. */
  private async withSettings(
    orgId: string,
    id: string,
    decide: (inv: Invoice, settings: InvoiceSettings) => Decision<Invoice, Invoice>,
  ) {
    // An unknown invoice is a 404 before the settings are read.
    if (!(await this.reads.find(orgId, id))) throw notFound('Invoice');
    const settings = await this.settings.settings(orgId);
    return this.decide(orgId, id, (inv) => decide(inv, settings));
  }
}
