import type { VariantRefModel } from './variant-ref.model';

/**
 * Variant id → product id, written before the product write that adds the variant (a ref
 * whose write then failed points at a product without the variant: read as not found).
 * Variant ids are never reused, so refs are never changed or removed.
 */
export class VariantRefs {
  constructor(private readonly model: VariantRefModel) {}

  async add(orgId: string, productId: string, variantIds: string[]): Promise<void> {
    if (variantIds.length === 0) return;
    await this.model.collection.insertMany(
      variantIds.map((id) => ({ _id: id, orgId, productId }) as never),
      { ordered: false },
    );
  }

  /** The product of each known variant of the organization. */
  async productsOf(orgId: string, variantIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(variantIds)];
    if (unique.length === 0) return new Map();
    const rows =
      unique.length === 1
        ? [await this.model.collection.findOne({ _id: unique[0] } as never)].filter((r) => r !== null)
        : await this.model.collection.find({ _id: { $in: unique } } as never).toArray();
    return new Map(rows.filter((r) => r.orgId === orgId).map((r) => [String(r._id), r.productId as string]));
  }
}
