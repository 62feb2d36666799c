import type { CreateCategory, List, Page, UpdateCategory } from '@stockyard/contracts';
import { AggregateStore, AppError, notFound, type OutboxRelay, readPage, countOwned } from '@stockyard/service-kit';
import { categoryView, changeCategory, finishEnrichment, newCategory, type CategoryState } from '../domain/category';
import { categoryInUse, categoryNameTaken, parentCategoryNotFound } from '../domain/category.errors';
import type { CategoryModel } from './category.model';

export type CategoryView = ReturnType<typeof categoryView>;

/** Categories: a tree (parentId), each with an optional template of required attributes. */
export class CategoryRepository {
  readonly store: AggregateStore<CategoryState>;

  constructor(
    private readonly model: CategoryModel,
    relay: OutboxRelay,
  ) {
    this.store = new AggregateStore<CategoryState>(model, relay, { name: 'Category', duplicate: categoryNameTaken });
  }

  async list(orgId: string, { limit, offset }: Page): Promise<List<CategoryView>> {
    const { data, total } = await readPage<CategoryState>(this.model, {
      filter: { orgId },
      sort: { nameKey: 1 },
      page: { limit, offset },
    });
    return { data: data.map(categoryView), total: total!, limit, offset };
  }

  async read(orgId: string, id: string): Promise<CategoryState | undefined> {
    return this.store.read(orgId, id);
  }

  async get(orgId: string, id: string): Promise<CategoryView> {
    const category = await this.store.read(orgId, id);
    if (!category) throw notFound('Category');
    return categoryView(category);
  }

  async create(orgId: string, input: CreateCategory): Promise<CategoryView> {
    if (input.parentId) await this.ancestry(orgId, input.parentId);
    return categoryView(await this.store.create(newCategory(orgId, input)));
  }

  /** Updates; a template change starts its products' enrichment job in the same write (`changeCategory`). */
  async update(orgId: string, id: string, input: UpdateCategory): Promise<CategoryView> {
    const ancestors = input.parentId ? await this.ancestry(orgId, input.parentId) : [];
    const { state } = await this.store.change(orgId, id, (current) => changeCategory(current, input, ancestors));
    return categoryView(state);
  }

  /** Marks the enrichment of `templateVersion` DONE; false when the category moved on (or is gone). */
  async finishEnrichment(orgId: string, id: string, templateVersion: number, productsChanged: number) {
    const now = new Date();
    const outcome = await this.store
      .change(orgId, id, (current) => finishEnrichment(current, templateVersion, productsChanged, now))
      .catch((err: unknown) => (err instanceof AppError && err.status === 404 ? undefined : Promise.reject(err)));
    return outcome?.changed ?? false;
  }

  async delete(orgId: string, id: string, usedBy: () => Promise<number>): Promise<void> {
    if (!(await this.store.read(orgId, id))) throw notFound('Category');
    const [products, children] = await Promise.all([usedBy(), countOwned(this.model, { orgId, parentId: id })]);
    if (products > 0 || children > 0) throw categoryInUse(products, children);
    await this.model.deleteOne({ _id: id, orgId });
    this.store.forget(orgId, id);
  }

  /** The parent and its ancestors' ids, parent first (404 when the parent is unknown). */
  private async ancestry(orgId: string, parentId: string): Promise<string[]> {
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
