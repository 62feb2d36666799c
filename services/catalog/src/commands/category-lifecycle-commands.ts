import type { CreateCategory, Page, UpdateCategory } from '@stockyard/contracts';
import type { CategoryRepository } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';

/**
 * Categories: the list, one category, create, update, and delete once nothing names it. A
 * template change answers at once; its products settle in a job (category-enrichment.ts).
 */
export class CategoryLifecycleCommands {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly products: ProductQueries,
  ) {}

  list(orgId: string, page: Page) {
    return this.categories.list(orgId, page);
  }

  get(orgId: string, id: string) {
    return this.categories.get(orgId, id);
  }

  create(orgId: string, input: CreateCategory) {
    return this.categories.create(orgId, input);
  }

  update(orgId: string, id: string, input: UpdateCategory) {
    return this.categories.update(orgId, id, input);
  }

  /** For good (204); 409 `category_in_use` while a product (live or trashed) or a subcategory names it. */
  delete(orgId: string, id: string): Promise<void> {
    return this.categories.delete(orgId, id, () => this.products.countUsing(orgId, { categoryId: id }));
  }
}
