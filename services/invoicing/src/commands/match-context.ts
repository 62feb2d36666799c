import type { InternalPurchaseOrder } from '@stockyard/contracts';
import type { Invoice } from '../domain/invoice';
import type { InvoiceSettings } from '../domain/invoice-settings';
import type { MatchContext, OrderLineBasis, Tolerance } from '../domain/line-matching';
import type { CatalogReads } from '../peers/catalog-reads';
import type { SettingsReads } from '../peers/org-settings';
import type { PurchaseOrderReads } from '../peers/purchase-orders';

/** A purchase order's lines as matching sees them (in the order's order); `variantSkus` from the catalog. */
export function contextOf(
  po: InternalPurchaseOrder,
  tolerance: Tolerance,
  variantSkus: ReadonlyMap<string, string | null> = new Map(),
): MatchContext {
  const lines = new Map<string, OrderLineBasis>(
    po.lines.map((l) => [
      l.id,
      {
        id: l.id,
        variantId: l.variantId,
        unitCost: l.unitCost,
        receivedQuantity: l.receivedQuantity,
        skus: [l.supplierSku, l.sku, variantSkus.get(l.variantId) ?? null],
      },
    ]),
  );
  return { lines, tolerance };
}

/**
 * What a change of an invoice's lines is decided against: its purchase order as purchasing has
 * it now (one batch call) and the organization's tolerance; null for an invoice without an order.
 */
export class MatchContexts {
  constructor(
    private readonly orders: PurchaseOrderReads,
    private readonly catalog: CatalogReads,
    private readonly settings: SettingsReads,
  ) {}

  async of(
    orgId: string,
    inv: Invoice,
    { withVariantSkus = false } = {},
  ): Promise<{ context: MatchContext | null; settings: InvoiceSettings }> {
    const [po, settings] = await Promise.all([
      inv.purchaseOrderId ? this.orders.order(orgId, inv.purchaseOrderId) : undefined,
      this.settings.settings(orgId),
    ]);
    if (!po) return { context: null, settings };
    const variants = withVariantSkus
      ? await this.catalog.variants(
          orgId,
          po.lines.map((l) => l.variantId),
        )
      : [];
    return { context: contextOf(po, settings.tolerance, new Map(variants.map((v) => [v.id, v.sku]))), settings };
  }
}
