import { AggregateStore } from '@stockyard/service-kit';
import type { VariantInfo } from '../domain/stock-views';
import type { VariantGrouping } from '../domain/stock-valuation';
import { noVariant, type VariantState } from '../domain/variant';
import type { VariantModel } from './variant.model';

type VariantView = VariantInfo & { variantId: string };
/** A copy by its document id (`<orgId>:<variantId>`) and what it is of. */
export type VariantRef = Pick<VariantState, 'orgId' | 'variantId'> & { _id: string };

const viewOf = (d: VariantState): VariantView => ({ variantId: d.variantId, sku: d.sku ?? null, name: d.name ?? null });

/** Variants read by `_id` in one query. */
const IDS_PER_READ = 1_000;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The read model's writes: one document per variant (`<orgId>:<variantId>`), a missing one being none. */
export const variantStore = (model: VariantModel) =>
  new AggregateStore<VariantState>(model, undefined, {
    name: 'Variant',
    documentId: (orgId, variantId) => `${orgId}:${variantId}`,
    initial: noVariant,
  });
export type VariantStore = ReturnType<typeof variantStore>;

/** Reads of the catalog's variants as inventory knows them (written by the variant events' handler). */
export class VariantRepository {
  constructor(private readonly variants: VariantModel) {}

  /** Views of the given variants; unknown ones are absent. */
  async byIds(orgId: string, variantIds: string[]): Promise<Map<string, VariantView>> {
    const docs = await this.variants.find({ orgId, variantId: { $in: variantIds } }).lean<VariantState[]>();
    return new Map(docs.map((d) => [d.variantId, viewOf(d)]));
  }

  /** What the stock reports group the given variants by (SKU, name, product, categories); unknown ones are absent. */
  async groupings(orgId: string, variantIds: readonly string[]): Promise<Map<string, VariantGrouping>> {
    const ids = [...new Set(variantIds)].map((v) => `${orgId}:${v}`);
    const found = new Map<string, VariantGrouping>();
    for (let i = 0; i < ids.length; i += IDS_PER_READ) {
      const docs = await this.variants.find({ _id: { $in: ids.slice(i, i + IDS_PER_READ) } }).lean<VariantState[]>();
      for (const d of docs.filter((doc) => doc.orgId === orgId))
        found.set(d.variantId, {
          sku: d.sku ?? null,
          name: d.name ?? null,
          productId: d.productId ?? null,
          categoryIds: d.categoryIds ?? null,
        });
    }
    return found;
  }

  /**
   * Live copies without a product (null, or heard of before the catalog sent one) after `after`, by `_id`,
   * across organizations: the backfill's pages (index `{productId, _id}`).
   */
  async lackingProduct(after: string, limit: number): Promise<VariantRef[]> {
    return this.variants
      .find({ productId: null, _id: { $gt: after }, deleted: { $ne: true } }, { orgId: 1, variantId: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<VariantRef[]>();
  }

  /** Whether each of the given variants is live (true) or deleted (false); unknown ones are absent. */
  async liveness(orgId: string, variantIds: string[]): Promise<Map<string, boolean>> {
    const ids = variantIds.map((v) => `${orgId}:${v}`);
    const docs = await this.variants.find({ _id: { $in: ids } }, { variantId: 1, deleted: 1 }).lean<VariantState[]>();
    return new Map(docs.map((d) => [d.variantId, !d.deleted]));
  }

  /** Live variants whose SKU or name contains `search` (case-insensitive); all when no search. */
  async matching(orgId: string, search?: string): Promise<VariantView[]> {
    const filter: Record<string, unknown> = { orgId, deleted: false };
    if (search) {
      const re = { $regex: escapeRegex(search), $options: 'i' };
      filter.$or = [{ sku: re }, { name: re }];
    }
    const docs = await this.variants.find(filter).lean<VariantState[]>();
    return docs.map(viewOf);
  }
}
