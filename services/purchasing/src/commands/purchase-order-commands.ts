import type {
  AddLine,
  AddTracking,
  CreatePurchaseOrder,
  LineInput,
  UpdateLine,
  UpdatePurchaseOrder,
} from '@stockyard/contracts';
import { newId, notFound, type Decision } from '@stockyard/service-kit';
import type { GeneratedNumbers } from '@stockyard/service-kit/store';
import { newPurchaseOrder } from '../domain/create-purchase-order';
import { duplicatePurchaseOrder } from '../domain/duplicate-purchase-order';
import { needsOffers, priceLines } from '../domain/line-pricing';
import { addTracking } from '../domain/order-extras';
import { addLines, deleteLine, updateLine } from '../domain/order-lines';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  reopenPurchaseOrder,
  restorePurchaseOrder,
  submitPurchaseOrder,
  trashPurchaseOrder,
} from '../domain/order-lifecycle';
import type { OrderLine, PurchaseOrder } from '../domain/purchase-order';
import { unknownSource, unknownWarehouse, warehouseRequired } from '../domain/purchase-order.errors';
import { lockedChanges, updatePurchaseOrder, type OrderUpdate } from '../domain/update-purchase-order';
import type { CatalogReads } from '../peers/catalog-reads';
import type { InventoryPeer } from '../peers/inventory-stock';
import type { PurchaseOrderReads, PurchaseOrderStore } from '../store/purchase-order.repository';

/** The purchase order's use cases: check what a request names with the peers, then decide through the store. */
export class PurchaseOrderCommands {
  constructor(
    private readonly store: PurchaseOrderStore,
    private readonly reads: PurchaseOrderReads,
    private readonly numbers: GeneratedNumbers,
    private readonly catalog: CatalogReads,
    private readonly inventory: InventoryPeer,
  ) {}

  async get(orgId: string, id: string): Promise<PurchaseOrder> {
    const po = await this.reads.find(orgId, id);
    if (!po) throw notFound('Purchase order');
    return po;
  }

  async create(orgId: string, body: CreatePurchaseOrder): Promise<PurchaseOrder> {
    const id = newId('po');
    const source = await this.supplier(orgId, body.channelId);
    const warehouseId = body.warehouseId ?? null;
    if (body.type === 'STANDARD' && !warehouseId) throw warehouseRequired();
    if (warehouseId) await this.checkWarehouse(orgId, warehouseId);
    const lines = await this.price(orgId, body.channelId, body.lines ?? []);
    const make = (orderNumber: string) => {
      const { state, events } = newPurchaseOrder({
        orgId,
        id,
        orderNumber,
        channelId: body.channelId,
        supplierName: source.name,
        type: body.type,
        warehouseId,
        currency: body.currency ?? source.currency,
        expectedAt: body.expectedAt ?? null,
        notes: body.notes ?? null,
        lines,
      });
      return this.store.create(state, events);
    };
    // A generated number someone supplied by hand: the next one.
    return body.orderNumber ? make(body.orderNumber) : this.numbers.firstFree(orgId, 'order_number_taken', make);
  }

  /** A new DRAFT ordering again what the order held (domain/duplicate-purchase-order.ts), checked as a create is. */
  async duplicate(orgId: string, id: string): Promise<PurchaseOrder> {
    return this.create(orgId, duplicatePurchaseOrder(await this.get(orgId, id)));
  }

  async update(orgId: string, id: string, body: UpdatePurchaseOrder): Promise<PurchaseOrder> {
    const po = await this.get(orgId, id);
    const update: OrderUpdate = { ...body };
    const locked = lockedChanges(po, body);
    // What the update names is checked only when it changes (a locked field of a non-DRAFT order is refused anyway).
    if (po.status === 'DRAFT' && locked.includes('channelId')) {
      update.supplierName = (await this.supplier(orgId, body.channelId!)).name;
    }
    if (po.status === 'DRAFT' && locked.includes('warehouseId') && body.warehouseId) {
      await this.checkWarehouse(orgId, body.warehouseId);
    }
    // A new number is claimed by the store before the write, the old one released after it.
    return (await this.store.change(orgId, id, (current) => updatePurchaseOrder(current, update))).state;
  }

  submit = (orgId: string, id: string) => this.decide(orgId, id, (po) => submitPurchaseOrder(po, new Date()));
  cancel = (orgId: string, id: string) => this.decide(orgId, id, (po) => cancelPurchaseOrder(po, new Date()));
  close = (orgId: string, id: string) => this.decide(orgId, id, (po) => closePurchaseOrder(po, new Date()));
  reopen = (orgId: string, id: string) => this.decide(orgId, id, (po) => reopenPurchaseOrder(po));
  trash = (orgId: string, id: string) => this.decide(orgId, id, (po) => trashPurchaseOrder(po, new Date()));
  restore = (orgId: string, id: string) => this.decide(orgId, id, (po) => restorePurchaseOrder(po));

  async addLine(orgId: string, id: string, body: AddLine): Promise<PurchaseOrder> {
    const po = await this.get(orgId, id);
    const lines = await this.price(orgId, po.channelId, [body]);
    return this.decide(orgId, id, (current) => addLines(current, lines));
  }

  updateLine = (orgId: string, id: string, lineId: string, body: UpdateLine) =>
    this.decide(orgId, id, (po) => updateLine(po, lineId, body));
  deleteLine = (orgId: string, id: string, lineId: string) => this.decide(orgId, id, (po) => deleteLine(po, lineId));

  addTracking = (orgId: string, id: string, body: AddTracking) =>
    this.decide(orgId, id, (po) => addTracking(po, newId('trk'), body, new Date()));

  /** Records an invoice of the order (invoicing's `invoice.created`, `invoice.restored`); once per invoice. */
  noteInvoice = (orgId: string, id: string, invoiceId: string) =>
    this.decide(orgId, id, (po) =>
      po.invoiceIds.includes(invoiceId)
        ? { result: po }
        : { state: { ...po, invoiceIds: [...po.invoiceIds, invoiceId], hasInvoice: true } },
    );

  /** Forgets a trashed invoice of the order (invoicing's `invoice.trashed`); `hasInvoice` while another remains. */
  forgetInvoice = (orgId: string, id: string, invoiceId: string) =>
    this.decide(orgId, id, (po) => {
      if (!po.invoiceIds.includes(invoiceId)) return { result: po };
      const invoiceIds = po.invoiceIds.filter((i) => i !== invoiceId);
      return { state: { ...po, invoiceIds, hasInvoice: invoiceIds.length > 0 } };
    });

  private async decide(
    orgId: string,
    id: string,
    decide: (po: PurchaseOrder) => Decision<PurchaseOrder, unknown>,
  ): Promise<PurchaseOrder> {
    return (await this.store.change(orgId, id, decide)).state;
  }

  /** The supplier: a live (active, untrashed) source of the organization, else 422 `unknown_source`. */
  private async supplier(orgId: string, channelId: string) {
    const source = await this.catalog.source(orgId, channelId);
    if (!source || source.deletedAt !== null || !source.active) throw unknownSource(channelId);
    return source;
  }

  private async checkWarehouse(orgId: string, warehouseId: string): Promise<void> {
    if (!(await this.inventory.liveWarehouse(orgId, warehouseId))) throw unknownWarehouse(warehouseId);
  }

  /** Lines priced from the supplier's offers and the catalog's variants (domain/line-pricing.ts). */
  private async price(orgId: string, channelId: string, inputs: LineInput[]): Promise<OrderLine[]> {
    if (inputs.length === 0) return [];
    const variantIds = [...new Set(inputs.map((i) => i.variantId))];
    const [variants, offers] = await Promise.all([
      this.catalog.variants(orgId, variantIds),
      needsOffers(inputs) ? this.catalog.offers(orgId, variantIds, channelId) : [],
    ]);
    return priceLines(inputs, variants, offers, () => newId('pol'));
  }
}
