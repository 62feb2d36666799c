import type { UpdateCategory } from '@stockyard/contracts';
import { categoryView } from '../domain/category';
import type { CategoryRepository } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';

/** A category's update, and when its template moved, each of its products' `enriched` again. */
export class CategoryCommands {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly products: ProductQueries,
    private readonly reenrich: (orgId: string, productId: string) => Promise<void>,
  ) {}

  async update(orgId: string, id: string, input: UpdateCategory) {
    const { category, templateChanged } = await this.categories.update(orgId, id, input);
    if (templateChanged) {
      for (const productId of await this.products.idsInCategory(orgId, id)) await this.reenrich(orgId, productId);
    }
    return categoryView(category);
  }
}
