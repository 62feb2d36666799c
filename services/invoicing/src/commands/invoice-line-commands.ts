import type { InvoiceLineInput, UpdateInvoiceLine } from '@stockyard/contracts';
import { newId, type Decision } from '@stockyard/service-kit';
import type { Invoice } from '../domain/invoice';
import {
  addInvoiceLine,
  autoMatchInvoice,
  deleteInvoiceLine,
  lineFrom,
  matchInvoiceLine,
  updateInvoiceLine,
} from '../domain/invoice-lines';
import type { PurchaseOrderReads } from '../peers/purchase-orders';
import type { InvoiceStore } from '../store/invoice.repository';
import type { InvoiceCommands } from './invoice-commands';
import type { MatchContexts } from './match-context';
import { withVariances } from './variance-writes';

/**
 * An invoice's lines: add, change, remove (DRAFT only), match one to a purchase-order line, or
 * auto-match by vendor SKU. Each is decided against the order as it is now, and every matched
 * line's variances are computed again on every change (on a payable invoice, with their event).
 */
export class InvoiceLineCommands {
  constructor(
    private readonly store: InvoiceStore,
    private readonly commands: InvoiceCommands,
    private readonly contexts: MatchContexts,
    private readonly orders: PurchaseOrderReads,
  ) {}

  async add(orgId: string, id: string, input: InvoiceLineInput): Promise<Invoice> {
    const { context } = await this.contexts.of(orgId, await this.commands.get(orgId, id));
    const line = lineFrom(newId('inl'), input, context);
    return (await this.change(orgId, id, (inv) => addInvoiceLine(inv, line, context))).state;
  }

  async update(orgId: string, id: string, lineId: string, update: UpdateInvoiceLine): Promise<Invoice> {
    const { context } = await this.contexts.of(orgId, await this.commands.get(orgId, id));
    return (await this.change(orgId, id, (inv) => updateInvoiceLine(inv, lineId, update, context))).state;
  }

  async remove(orgId: string, id: string, lineId: string): Promise<Invoice> {
    const { context } = await this.contexts.of(orgId, await this.commands.get(orgId, id));
    return (await this.change(orgId, id, (inv) => deleteInvoiceLine(inv, lineId, context))).state;
  }

  async match(orgId: string, id: string, lineId: string, poLineId: string): Promise<Invoice> {
    const { context } = await this.contexts.of(orgId, await this.commands.get(orgId, id));
    return (await this.change(orgId, id, (inv) => matchInvoiceLine(inv, lineId, poLineId, context))).state;
  }

  async autoMatch(orgId: string, id: string): Promise<{ matched: number; invoice: Invoice }> {
    const inv = await this.commands.get(orgId, id);
    const { context } = await this.contexts.of(orgId, inv, { withVariantSkus: true });
    return (await this.change(orgId, id, (current) => autoMatchInvoice(current, context))).result;
  }

  /** Every write of a line carries the event of the variances it moved (variance-writes.ts). */
  private change<R>(orgId: string, id: string, decide: (inv: Invoice) => Decision<Invoice, R>) {
    return this.store.change(orgId, id, withVariances(this.orders, decide));
  }
}
