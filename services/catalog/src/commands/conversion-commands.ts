import type { ConvertProduct, ErrorDetail, Preflight, PreflightIssue, ProductType } from '@stockyard/contracts';
import {
  assertSupported,
  convertProduct,
  HOLDS_NO_STOCK,
  preflight,
  type ConversionFacts,
} from '../domain/product-conversion';
import type { ProductState } from '../domain/product';
import { componentRowsOf } from '../domain/product-components';
import { liveVariants } from '../domain/product-derived';
import { conversionBlocked, warningsNotAcknowledged } from '../domain/product.errors';
import type { HoldLookup, ListingLookup, StockLookup } from '../ports';
import type { ProductQueries } from '../store/product.queries';
import type { ProductCommands } from './product-commands';
import type { ProductWriter } from './product-writer';

const asDetails = (issues: PreflightIssue[]): ErrorDetail[] => issues.map(({ code, message }) => ({ code, message }));

/**
 * Type conversions and their preflight. The facts that live elsewhere (stock on hand from
 * inventory, holds from orders, listings from the channels side, where-used here) are
 * gathered first; the pure rules then name blockers and warnings; the conversion itself is
 * one product write that checks the rules again on the state it locks.
 */
export class ConversionCommands {
  constructor(
    private readonly writer: ProductWriter,
    private readonly queries: ProductQueries,
    private readonly products: ProductCommands,
    private readonly peers: { stock: StockLookup; holds: HoldLookup; listings: ListingLookup },
  ) {}

  async preflight(orgId: string, id: string, target: ProductType): Promise<Preflight> {
    const product = await this.writer.get(orgId, id);
    assertSupported(product, target);
    return preflight(product, target, await this.facts(product, target));
  }

  async convert(orgId: string, id: string, input: ConvertProduct) {
    const { targetType: target } = input;
    const product = await this.writer.get(orgId, id);
    assertSupported(product, target);
    const facts = await this.facts(product, target);
    const rows = input.components ? componentRowsOf(input.components) : undefined;
    const converted = await this.writer.change(orgId, id, (current) => {
      const { blockers, warnings } = preflight(current, target, facts);
      if (blockers.length) throw conversionBlocked(asDetails(blockers));
      if (warnings.length && !input.acknowledgeWarnings) throw warningsNotAcknowledged(asDetails(warnings));
      return convertProduct(current, target, rows, new Date());
    });
    return this.products.view(converted);
  }

  /** Only what the target needs is asked: inventory only when the target holds no stock. */
  private async facts(product: ProductState, target: ProductType): Promise<ConversionFacts> {
    const { orgId } = product;
    const variantIds = liveVariants(product).map((v) => v.id);
    const stockless = HOLDS_NO_STOCK.includes(target);
    const [onHand, usedAsComponent, listings, openHolds] = await Promise.all([
      stockless ? this.peers.stock.onHand(orgId, variantIds) : new Map<string, number>(),
      target === 'FAMILY' ? this.queries.countUsingComponents(orgId, variantIds) : 0,
      this.peers.listings.listingCountOfVariants(orgId, variantIds),
      stockless ? this.peers.holds.openHoldCountOf(orgId, variantIds) : 0,
    ]);
    const total = [...onHand.values()].reduce((sum, q) => sum + Math.round(q * 10_000), 0) / 10_000;
    return { onHand: total, usedAsComponent, listings, openHolds };
  }
}
