import type { CreateCategory, Page } from '@stockyard/contracts';
import type { CategoryRepository } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';

/**
 * Categories: the list, one category, create, and delete once nothing names it. The update,
 * which re-derives its products' `enriched`, is CategoryCommands' (category-commands.ts).
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

  /** For good (204); 409 `category_in_use` while a product (live or trashed) or a subcategory names it. */
  delete(orgId: string, id: string): Promise<void> {
    return this.categories.delete(orgId, id, () => this.products.countUsing(orgId, { categoryId: id }));
  }
}
