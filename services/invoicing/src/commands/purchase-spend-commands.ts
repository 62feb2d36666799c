import type { Page, PurchaseSpendQuery } from '@stockyard/contracts';
import { inParts } from '@stockyard/service-kit/store';
import { purchaseSpendReport, spendPeriod, type SpendOrder, type SpendProduct } from '../domain/purchase-spend';
import type { CatalogReads } from '../peers/catalog-reads';
import type { PurchaseSpendReads } from '../peers/purchase-receipts';
import type { InvoiceReads } from '../store/invoice.repository';
import type { LandedCostReads } from '../store/landed-cost.repository';

/** Variants asked of the catalog at once (its batch maximum). */
const VARIANT_BATCH = 500;

/**
 * The purchase-spend report: the period's receipt lines from purchasing (every receipt ever
 * applied, read at each report), its recorded invoices and landed costs from our stores, the
 * orders they name (vendor, lines' variants) from purchasing, and, by product, the variants'
 * products from the catalog. Purchasing or the catalog down is a 503 `dependency_unavailable`.
 */
export class PurchaseSpendCommands {
  constructor(
    private readonly invoices: Pick<InvoiceReads, 'recordedBetween'>,
    private readonly costs: Pick<LandedCostReads, 'createdBetween'>,
    private readonly purchasing: PurchaseSpendReads,
    private readonly catalog: Pick<CatalogReads, 'variants'>,
  ) {}

  async report(orgId: string, query: PurchaseSpendQuery, page: Page) {
    const period = spendPeriod(query, new Date());
    const endExclusive = new Date(period.end.getTime() + 1);
    const [receipts, invoices, landedCosts] = await Promise.all([
      this.purchasing.receiptLines(orgId, period.start, endExclusive),
      this.invoices.recordedBetween(orgId, period.fromDay, period.toDay),
      this.costs.createdBetween(orgId, period.start, endExclusive),
    ]);
    const byProduct = query.groupBy === 'product';
    // Landed costs need their order's vendor or lines; invoices name their vendor, and need lines by product only.
    const orderIds = [
      ...landedCosts.map((c) => c.purchaseOrderId),
      ...(byProduct ? invoices.flatMap((inv) => (inv.purchaseOrderId ? [inv.purchaseOrderId] : [])) : []),
    ];
    const found = orderIds.length === 0 ? [] : await this.purchasing.orders(orgId, orderIds);
    const orders = new Map<string, SpendOrder>(found.map((po) => [po.id, po]));
    const variantIds = [
      ...receipts.map((r) => r.variantId),
      ...found.flatMap((po) => po.lines.map((l) => l.variantId)),
    ];
    const products = byProduct ? await this.products(orgId, variantIds) : new Map<string, SpendProduct>();
    return purchaseSpendReport(period, query.groupBy, { receipts, invoices, landedCosts, orders, products }, page);
  }

  /** The variants' products, in batches the catalog takes (a variant it no longer has is left out). */
  private async products(orgId: string, variantIds: string[]): Promise<Map<string, SpendProduct>> {
    const read = (part: string[]) => this.catalog.variants(orgId, part);
    const found = await inParts([...new Set(variantIds)], VARIANT_BATCH, read, { together: true });
    return new Map(found.map((v) => [v.id, { productId: v.productId, productName: v.productName }]));
  }
}
