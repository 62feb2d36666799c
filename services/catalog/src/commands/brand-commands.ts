import type { CreateBrand, Page } from '@stockyard/contracts';
import type { BrandRepository } from '../store/brand.repository';
import type { ProductQueries } from '../store/product.queries';

/** Brands: the list, one brand, create, rename, and delete once no product names it. */
export class BrandCommands {
  constructor(
    private readonly brands: BrandRepository,
    private readonly products: ProductQueries,
  ) {}

  list(orgId: string, page: Page) {
    return this.brands.list(orgId, page);
  }

  get(orgId: string, id: string) {
    return this.brands.get(orgId, id);
  }

  create(orgId: string, input: CreateBrand) {
    return this.brands.create(orgId, input);
  }

  rename(orgId: string, id: string, name: string) {
    return this.brands.rename(orgId, id, name);
  }

  /** For good (204); 409 `brand_in_use` while a product, live or trashed, names it. */
  delete(orgId: string, id: string): Promise<void> {
    return this.brands.delete(orgId, id, () => this.products.countUsing(orgId, { brandId: id }));
  }
}
