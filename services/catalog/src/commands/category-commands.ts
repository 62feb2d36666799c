import type { Template, UpdateCategory } from '@stockyard/contracts';
import { categoryView } from '../domain/category';
import type { CategoryRepository } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';
import type { ProductWriter } from './product-writer';

/** A category's update, and when its template moved, each of its products' `enriched` again. */
export class CategoryCommands {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly products: ProductQueries,
    private readonly writer: ProductWriter,
  ) {}

  async update(orgId: string, id: string, input: UpdateCategory) {
    const { category, templateChanged } = await this.categories.update(orgId, id, input);
    if (templateChanged) await this.reenrich(orgId, id, category.template);
    return categoryView(category);
  }

  /**
   * The category's products settled on its new template, in the writer's batched change (one
   * read per 500, bulk writes of those whose `enriched` flips): a derived field, so no
   * `product.updated`; the rest of a change's events as a single change sends them.
   */
  private async reenrich(orgId: string, id: string, template: Template | null) {
    const ids = await this.products.idsInCategory(orgId, id);
    const outcomes = await this.writer.changeMany(orgId, ids, (p) => ({ next: p, result: undefined }), {
      publish: false,
      templates: new Map([[id, template]]),
    });
    for (const outcome of outcomes.values()) {
      // A product gone meanwhile has nothing to settle; anything else fails the request as a single change did.
      if (!outcome.ok && outcome.error.status !== 404) throw outcome.error;
    }
  }
}
