import type { ProductModel } from './product.model';

/** Reads of products beyond one by id: lists, counts, where-used (the store does the writes). */
export class ProductQueries {
  constructor(private readonly model: ProductModel) {}

  /** Products, live or trashed, naming the brand or category (a brand or category in use stays). */
  countUsing(orgId: string, filter: { brandId: string } | { categoryId: string }): Promise<number> {
    return this.model.countDocuments({ orgId, ...filter });
  }

  /** Ids of the organization's products in a category (live and trashed). */
  async idsInCategory(orgId: string, categoryId: string): Promise<string[]> {
    const rows = await this.model.find({ orgId, categoryId }, { _id: 1 }).lean();
    return rows.map((r) => String(r._id));
  }
}
