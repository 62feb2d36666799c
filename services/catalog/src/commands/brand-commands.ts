import type { CreateBrand, Page } from '@stockyard/contracts';
import { notFound } from '@stockyard/service-kit';
import { brandView, newBrand, renameBrand } from '../domain/brand';
import { brandInUse } from '../domain/brand.errors';
import type { BrandReads, BrandStore } from '../store/brand.repository';
import type { ProductQueries } from '../store/product.queries';

/** Brands: the list, one brand, create, rename, and delete once no product names it. */
export class BrandCommands {
  constructor(
    private readonly store: BrandStore,
    private readonly reads: BrandReads,
    private readonly products: ProductQueries,
  ) {}

  list(orgId: string, page: Page) {
    return this.reads.list(orgId, page);
  }

  get(orgId: string, id: string) {
    return this.reads.get(orgId, id);
  }

  async create(orgId: string, input: CreateBrand) {
    return brandView(await this.store.create(newBrand(orgId, input)));
  }

  async rename(orgId: string, id: string, name: string) {
    const { state } = await this.store.change(orgId, id, (current) => ({ state: renameBrand(current, name) }));
    return brandView(state);
  }

  /** For good (204); 409 `brand_in_use` while a product, live or trashed, names it. */
  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.reads.exists(orgId, id))) throw notFound('Brand');
    const count = await this.products.countUsing(orgId, { brandId: id });
    if (count > 0) throw brandInUse(count);
    await this.store.remove(orgId, id);
  }
}
