import type { Source } from '@stockyard/contracts';
import { printedOrder } from '../domain/printed-order';
import type { PurchaseOrder } from '../domain/purchase-order';
import { renderPurchaseOrderPdf } from '../documents/purchase-order-pdf';
import type { CatalogReads } from '../peers/catalog-reads';
import type { WarehouseRead } from '../peers/warehouse-reads';

interface OrderPdf {
  filename: string;
  bytes: Buffer;
}

/** The order as a PDF: the supplier from the catalog, the warehouse from inventory, the lines as the order keeps. */
export class DocumentCommands {
  constructor(
    private readonly catalog: CatalogReads,
    private readonly warehouse: WarehouseRead,
  ) {}

  /** `source`: the supplier when the caller read it already. */
  async pdf(po: PurchaseOrder, source?: Source): Promise<OrderPdf> {
    const unnamed = [...new Set(po.lines.filter((l) => !l.sku || !l.name).map((l) => l.variantId))];
    const [supplier, warehouse, variants] = await Promise.all([
      source ?? this.catalog.source(po.orgId, po.channelId),
      po.warehouseId ? this.warehouse(po.orgId, po.warehouseId) : undefined,
      this.catalog.variants(po.orgId, unnamed),
    ]);
    const bytes = await renderPurchaseOrderPdf(printedOrder(po, supplier, warehouse, variants));
    return { filename: `${po.orderNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`, bytes };
  }
}
