import type { OfferBatch, OfferBatchQuery, SourceBatch } from '@stockyard/contracts';
import { sourceView, type SourceState } from '../domain/source';
import { sourceSkuView } from '../domain/source-sku';
import type { SourceSkuReads } from '../store/source-sku.repository';
import type { SourceReads } from '../store/source.repository';

/** A source offers may be bought from: active and not trashed. */
const live = (s: SourceState | undefined): s is SourceState => !!s && s.active && !s.deletedAt;

/**
 * The reads purchasing makes of suppliers (internal API; contracts catalog-internal.ts): the
 * sources of its orders, trashed ones too (an old order still names its supplier), and the offers
 * of variants, of live sources only (what a new line may be priced and ordered from).
 */
export class SourceInternalReads {
  constructor(
    private readonly reads: SourceReads,
    private readonly skus: SourceSkuReads,
  ) {}

  async sources(orgId: string, ids: string[]): Promise<SourceBatch> {
    const found = new Map((await this.reads.byIds(orgId, ids)).map((s) => [s.id, s]));
    const unique = [...new Set(ids)];
    return {
      data: unique.flatMap((id) => (found.has(id) ? [sourceView(found.get(id)!)] : [])),
      missing: unique.filter((id) => !found.has(id)),
    };
  }

  /** Each asked variant's offers in the asked order, then by source and SKU. */
  async offers(orgId: string, { variantIds, sourceChannelId }: OfferBatchQuery): Promise<OfferBatch> {
    const skus = await this.skus.linkedTo(orgId, variantIds, sourceChannelId);
    const sourceIds = [...new Set(skus.map((s) => s.sourceChannelId))];
    const sources = new Map((sourceIds.length ? await this.reads.byIds(orgId, sourceIds) : []).map((s) => [s.id, s]));
    const order = new Map(variantIds.map((id, i) => [id, i] as const).reverse());
    const rank = (variantId: string | null) => order.get(variantId!) ?? 0;
    const data = skus
      .filter((sku) => live(sources.get(sku.sourceChannelId)))
      .sort(
        (a, b) =>
          rank(a.variantId) - rank(b.variantId) ||
          compare(a.sourceChannelId, b.sourceChannelId) ||
          compare(a.sku, b.sku),
      )
      .map((sku) => {
        const source = sources.get(sku.sourceChannelId)!;
        return { ...sourceSkuView(sku), variantId: sku.variantId!, sourceName: source.name, currency: source.currency };
      });
    return { data };
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
