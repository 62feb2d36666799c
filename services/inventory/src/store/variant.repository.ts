import type { VariantDeleted, VariantUpserted } from '@stockyard/contracts';
import { documentKey, documentLocks, isDuplicateKeyError } from '@stockyard/service-kit';
import type { VariantInfo } from '../domain/stock-views';
import type { VariantDoc, VariantModel } from './variant.model';

export type VariantView = VariantInfo & { variantId: string };

const viewOf = (d: VariantDoc): VariantView => ({ variantId: d.variantId, sku: d.sku ?? null, name: d.name ?? null });

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalog's variants as inventory knows them; the newest `updatedAt` wins. */
export class VariantRepository {
  constructor(private readonly variants: VariantModel) {}

  upsert(event: VariantUpserted): Promise<void> {
    return this.apply(event.orgId, event.variantId, new Date(event.updatedAt), {
      sku: event.sku,
      name: event.name,
      deleted: false,
    });
  }

  remove(event: VariantDeleted): Promise<void> {
    return this.apply(event.orgId, event.variantId, new Date(event.updatedAt), { deleted: true });
  }

  private apply(orgId: string, variantId: string, at: Date, fields: Record<string, unknown>): Promise<void> {
    const _id = `${orgId}:${variantId}`;
    return documentLocks.run(documentKey('variants', _id), async () => {
      const current = await this.variants.findById(_id).lean<VariantDoc>();
      if (current && current.sourceUpdatedAt >= at) return; // a late, older copy
      if (current) {
        await this.variants.updateOne(
          { _id, sourceUpdatedAt: current.sourceUpdatedAt },
          { $set: { ...fields, sourceUpdatedAt: at } },
        );
        return;
      }
      await this.variants.collection
        .insertOne({ _id, orgId, variantId, sku: null, name: null, ...fields, sourceUpdatedAt: at } as never)
        .catch((err) => {
          if (!isDuplicateKeyError(err)) throw err; // another replica inserted it; its redelivery decides
        });
    });
  }

  /** Views of the given variants; unknown ones are absent. */
  async byIds(orgId: string, variantIds: string[]): Promise<Map<string, VariantView>> {
    const docs = await this.variants.find({ orgId, variantId: { $in: variantIds } }).lean<VariantDoc[]>();
    return new Map(docs.map((d) => [d.variantId, viewOf(d)]));
  }

  /** Live variants whose SKU or name contains `search` (case-insensitive); all when no search. */
  async matching(orgId: string, search?: string): Promise<VariantView[]> {
    const filter: Record<string, unknown> = { orgId, deleted: false };
    if (search) {
      const re = { $regex: escapeRegex(search), $options: 'i' };
      filter.$or = [{ sku: re }, { name: re }];
    }
    const docs = await this.variants.find(filter).lean<VariantDoc[]>();
    return docs.map(viewOf);
  }
}
