import type { InternalVariant } from '@stockyard/contracts';
import type { IncomingLine } from '../domain/incoming-order';
import { unknownVariants } from '../domain/order.errors';
import type { CatalogReads } from '../peers/catalog-reads';

/** A line as a channel names it, before linking. */
interface LineToLink {
  channelLineId?: string | null;
  sku?: string | null;
  variantId?: string | null;
  name?: string | null;
  quantity: number;
  unitPrice?: number | null;
}

const skuKey = (sku: string) => sku.trim().toUpperCase();

/** The linked lines, and the variants they link to by id (the checkout prices from them). */
interface Linked {
  lines: IncomingLine[];
  variants: Map<string, InternalVariant>;
}

/**
 * Links lines to catalog variants in one batch: a line naming a `variantId` must name a live
 * one (422 `unknown_variant`); a line with only a SKU links to the variant holding it, or stays
 * unlinked (`variantId` null, never refused: the reservations issue's re-resolve links it later).
 * A line's name is the channel's, else the variant's.
 */
export async function linkLines(catalog: CatalogReads, orgId: string, inputs: readonly LineToLink[]): Promise<Linked> {
  const ids = [...new Set(inputs.flatMap((l) => (l.variantId ? [l.variantId] : [])))];
  const skus = [...new Set(inputs.flatMap((l) => (!l.variantId && l.sku ? [skuKey(l.sku)] : [])))];
  const found = ids.length + skus.length === 0 ? [] : await catalog.variants(orgId, { ids, skus });
  const byId = new Map(found.map((v) => [v.id, v]));
  const bySku = new Map(found.flatMap((v) => (v.sku ? [[skuKey(v.sku), v] as const] : [])));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw unknownVariants(missing, 'lines.variantId');
  const lines = inputs.map((input): IncomingLine => {
    const variant = input.variantId ? byId.get(input.variantId) : input.sku ? bySku.get(skuKey(input.sku)) : undefined;
    return {
      channelLineId: input.channelLineId ?? null,
      sku: input.sku ?? variant?.sku ?? null,
      variantId: variant?.id ?? null,
      productType: variant?.productType ?? null,
      name: input.name ?? variant?.name ?? variant?.productName ?? null,
      quantity: input.quantity,
      unitPrice: input.unitPrice ?? null,
    };
  });
  return { lines, variants: new Map([...found].map((v) => [v.id, v])) };
}
