import type { CreateCategory, Page, UpdateCategory } from '@stockyard/contracts';
import { notFound } from '@stockyard/service-kit';
import { categoryView, changeCategory, newCategory } from '../domain/category';
import { categoryInUse } from '../domain/category.errors';
import type { CategoryReads, CategoryStore } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';

/**
 * Categories: the list, one category, create, update, and delete once nothing names it. A
 * template change answers at once; its products settle in a job (category-enrichment.ts).
 */
export class CategoryLifecycleCommands {
  constructor(
    private readonly store: CategoryStore,
    private readonly reads: CategoryReads,
    private readonly products: ProductQueries,
  ) {}

  list(orgId: string, page: Page) {
    return this.reads.list(orgId, page);
  }

  get(orgId: string, id: string) {
    return this.reads.get(orgId, id);
  }

  async create(orgId: string, input: CreateCategory) {
    if (input.parentId) await this.reads.ancestry(orgId, input.parentId);
    return categoryView(await this.store.create(newCategory(orgId, input)));
  }

  /** Updates; a template change starts its products' enrichment job in the same write (`changeCategory`). */
  async update(orgId: string, id: string, input: UpdateCategory) {
    const ancestors = input.parentId ? await this.reads.ancestry(orgId, input.parentId) : [];
    const { state } = await this.store.change(orgId, id, (current) => changeCategory(current, input, ancestors));
    return categoryView(state);
  }

  /** For good (204); 409 `category_in_use` while a product (live or trashed) or a subcategory names it. */
  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.reads.read(orgId, id))) throw notFound('Category');
    const [products, children] = await Promise.all([
      this.products.countUsing(orgId, { categoryId: id }),
      this.reads.childCount(orgId, id),
    ]);
    if (products > 0 || children > 0) throw categoryInUse(products, children);
    await this.store.remove(orgId, id);
  }
}
