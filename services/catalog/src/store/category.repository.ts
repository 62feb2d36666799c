import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, countOwned, notFound, readPage, type OutboxRelay } from '@stockyard/service-kit';
import { categoryView, type CategoryState } from '../domain/category';
import { categoryNameTaken, parentCategoryNotFound } from '../domain/category.errors';
import type { CategoryModel } from './category.model';

type CategoryView = ReturnType<typeof categoryView>;

/**
 * Categories' store: a tree (parentId), each with an optional template of required attributes;
 * a template change leaves its enrichment job in the category's outbox.
 */
export const categoryStore = (model: CategoryModel, relay: OutboxRelay) =>
  new AggregateStore<CategoryState>(model, relay, { name: 'Category', duplicate: categoryNameTaken });
export type CategoryStore = ReturnType<typeof categoryStore>;

/** Categories as states and views: the list by name, one category, its ancestry, its subcategories. */
export class CategoryReads {
  constructor(
    private readonly model: CategoryModel,
    private readonly store: CategoryStore,
  ) {}

  async list(orgId: string, { limit, offset }: Page): Promise<List<CategoryView>> {
    const { data, total } = await readPage<CategoryState>(this.model, {
      filter: { orgId },
      sort: { nameKey: 1 },
      page: { limit, offset },
    });
    return { data: data.map(categoryView), total: total!, limit, offset };
  }

  read(orgId: string, id: string): Promise<CategoryState | undefined> {
    return this.store.read(orgId, id);
  }

  async get(orgId: string, id: string): Promise<CategoryView> {
    const category = await this.store.read(orgId, id);
    if (!category) throw notFound('Category');
    return categoryView(category);
  }

  /** How many subcategories name it as their parent. */
  childCount(orgId: string, id: string): Promise<number> {
    return countOwned(this.model, { orgId, parentId: id });
  }

  /** The parent and its ancestors' ids, parent first (404 when the parent is unknown). */
  async ancestry(orgId: string, parentId: string): Promise<string[]> {
    const ids: string[] = [];
    for (let id: string | null = parentId; id && ids.length < 50;) {
      const category: CategoryState | undefined = await this.store.read(orgId, id);
      if (!category) throw parentCategoryNotFound();
      ids.push(id);
      id = category.parentId;
    }
    return ids;
  }
}
