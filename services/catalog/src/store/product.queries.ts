import type { ExportRows, List, Page, ProductListQuery } from '@stockyard/contracts';
import { stateOf, readPage, countOwned, type OrgFilter } from '@stockyard/service-kit';
import { exportPage } from '@stockyard/service-kit/exports';
import { EARLIEST, trashedOf } from '@stockyard/service-kit/store';
import { restoreCursor, trashPositionOf, type BulkPage, type TrashedRange } from '../domain/bulk-products';
import type { HealthRow } from '../domain/data-health';
import type { CandidateProduct } from '../domain/family-candidates';
import type { ProductState } from '../domain/product';
import { productView, type ProductView } from '../domain/product-view';
import type { ComponentUses } from './component-uses';
import type { ProductModel } from './product.model';
import { productFilter, productSort, type ProductFilters } from './product-filter';
import type { ProductSearch } from './product-search';
import type { VariantList } from './variant-list';
import { VariantQueries } from './variant.queries';

const WITHOUT_OUTBOX = { outbox: 0, outboxPending: 0, outboxAt: 0 } as const;

/** Ids read by `_id: {$in}` at a time (the local store reads up to 10,000 by its `_id` index). */
const ID_CHUNK = 1_000;

/** What a family candidate's read keeps of a product document. */
type CandidateDoc = Omit<CandidateProduct, 'id' | 'parentId' | 'deletedAt'> & {
  _id: string;
  parentId?: string | null;
  deletedAt?: Date | null;
};

/** MongoDB's order of strings without a collation: their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const byNameThenId = (a: ProductState, b: ProductState) => byBytes(a.name, b.name) || byBytes(a.id, b.id);

/** Reads of products beyond one by id: lists, counts, children, where-used (the store does the writes). */
export class ProductQueries {
  /** GET /variants' reads (store/variant.queries.ts). */
  readonly variantReads: VariantQueries;

  constructor(
    private readonly model: ProductModel,
    private readonly search: ProductSearch,
    private readonly uses: ComponentUses,
    variantList: VariantList,
  ) {
    this.variantReads = new VariantQueries(model, variantList);
  }

  /**
   * The ids a list may hold, or undefined for no such limit: the search's candidates (from
   * its index), the given ids (a channel's products, one product), or both.
   */
  private async narrow(orgId: string, search: string | undefined, given?: string[]): Promise<string[] | undefined> {
    const found = search ? await this.search.searchCandidates(orgId, search) : undefined;
    if (!found || !given) return found ?? given;
    const allowed = new Set(given);
    return found.filter((id) => allowed.has(id));
  }

  private async find(filter: Record<string, unknown>, sort?: Record<string, 1 | -1>) {
    let query = this.model.find(filter, WITHOUT_OUTBOX);
    if (sort) query = query.sort(sort);
    return (await query.lean()).map((doc) => stateOf<ProductState>(doc));
  }

  async list(orgId: string, q: ProductListQuery, page: Page, onChannel?: string[]): Promise<List<ProductView>> {
    const ids = await this.narrow(orgId, q.search, onChannel);
    if (ids?.length === 0) return { data: [], total: 0, ...page };
    const filter = productFilter(orgId, q, ids);
    const { data, total } = await readPage(
      this.model,
      { filter, sort: productSort(q), page, projection: WITHOUT_OUTBOX },
      (doc) => productView(stateOf<ProductState>(doc)),
    );
    return { data, total: total!, ...page };
  }

  /**
   * An export's page (issue #41): the list's products by its filters (the search's candidates read
   * again for each page), oldest first by `(createdAt, _id)`, each as the list shows it.
   */
  async exportPage(orgId: string, q: ProductFilters, after: string | null, limit: number, onChannel?: string[]) {
    const ids = await this.narrow(orgId, q.search, onChannel);
    if (ids?.length === 0) return { rows: [], next: null } satisfies ExportRows;
    const toRow = (doc: object) => productView(stateOf<ProductState>(doc));
    return exportPage(this.model.collection, productFilter(orgId, q, ids), after, limit, toRow);
  }

  /** The trash, most recently trashed first. */
  async trash(orgId: string, page: Page): Promise<List<ProductView>> {
    const read = {
      filter: trashedOf(orgId),
      sort: { deletedAt: -1 as const, _id: -1 as const },
      page,
      withTotal: true,
      projection: WITHOUT_OUTBOX,
    };
    const { data, total } = await readPage<ProductView>(this.model, read, (doc) =>
      productView(stateOf<ProductState>(doc)),
    );
    return { data, total: total!, ...page };
  }

  /** A family's children (live ones), by position. */
  children(orgId: string, familyId: string): Promise<ProductState[]> {
    return this.find({ orgId, parentId: familyId, deletedAt: null }, { position: 1, _id: 1 });
  }

  /** Live bundles and assemblies whose rows (bundle rows, active BOM) use any of these variants, by name. */
  async usingComponents(orgId: string, variantIds: string[]): Promise<ProductState[]> {
    const filters = await this.usersFilters(orgId, variantIds);
    const found = await Promise.all(filters.map((filter) => this.find(filter, { name: 1, _id: 1 })));
    return found.length > 1 ? found.flat().sort(byNameThenId) : (found[0] ?? []);
  }

  async countUsingComponents(orgId: string, variantIds: string[]): Promise<number> {
    const filters = await this.usersFilters(orgId, variantIds);
    const counts = await Promise.all(filters.map((filter) => countOwned(this.model, filter)));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /**
   * The filters of the products using any of these variants: the component-use index's
   * candidates by id (ID_CHUNK at a time), with the exact condition; none when it has none.
   */
  private async usersFilters(orgId: string, variantIds: string[]): Promise<OrgFilter[]> {
    const { refs: ids } = await this.uses.holding(orgId, variantIds);
    const filters: OrgFilter[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const _id = { $in: ids.slice(i, i + ID_CHUNK) };
      filters.push({ orgId, deletedAt: null, componentVariantIds: { $in: variantIds }, _id });
    }
    return filters;
  }

  /**
   * A page of the organization's live products by id, after `startingAfter` (an id), and how
   * many live ones follow it: index ranges of `{orgId, deletedAt, _id}`, a page and a count.
   */
  async livePage(orgId: string, limit: number, startingAfter?: string): Promise<BulkPage> {
    const live = (after?: string) => ({
      orgId,
      deletedAt: null,
      ...(after !== undefined ? { _id: { $gt: after } } : {}),
    });
    const rows = await this.model.find(live(startingAfter), { _id: 1 }).sort({ _id: 1 }).limit(limit).lean();
    const ids = rows.map((r) => String(r._id));
    const last = ids.length === limit ? ids[ids.length - 1] : undefined;
    const remaining = last === undefined ? 0 : await countOwned(this.model, live(last));
    return { ids, remaining, next: remaining > 0 ? last! : null };
  }

  /**
   * A page of trashed products (those trashed in the range when given), oldest trashing first,
   * after the cursor `startingAfter`, and how many follow it: index ranges of `{orgId,
   * deletedAt, _id}` (the page's `$or` only settles products trashed at the cursor's instant;
   * the count is two exact ranges, which the local store counts without reading a product).
   */
  async trashedPage(orgId: string, range: TrashedRange, limit: number, startingAfter?: string): Promise<BulkPage> {
    const between = (from: Date, strict: boolean) => {
      const deletedAt: Record<string, Date> = { [strict ? '$gt' : '$gte']: from };
      if (range.deletedBefore) deletedAt.$lte = range.deletedBefore;
      return { orgId, deletedAt };
    };
    const start = range.deletedAfter ?? EARLIEST;
    const after = startingAfter === undefined ? undefined : trashPositionOf(startingAfter);
    const filter = !after
      ? between(start, false)
      : {
          ...between(after.at > start ? after.at : start, false),
          $or: [{ deletedAt: { $gt: after.at } }, { _id: { $gt: after.id } }],
        };
    const rows = await this.model
      .find(filter, { _id: 1, deletedAt: 1 })
      .sort({ deletedAt: 1, _id: 1 })
      .limit(limit)
      .lean();
    const keys = rows.map((r) => ({ at: r.deletedAt as Date, id: String(r._id) }));
    const last = keys.length === limit ? keys[keys.length - 1] : undefined;
    let remaining = 0;
    if (last) {
      const sameInstant = { orgId, deletedAt: last.at, _id: { $gt: last.id } };
      const counts = await Promise.all([
        countOwned(this.model, between(last.at, true)),
        countOwned(this.model, sameInstant),
      ]);
      remaining = counts[0] + counts[1];
    }
    return { ids: keys.map((k) => k.id), remaining, next: remaining > 0 ? restoreCursor(last!) : null };
  }

  /**
   * Every product of the organization, live and trashed, with what the data-health report reads,
   * `size` at a time (the report's job, which yields between pages so that requests go on): the
   * live ones by id (`{orgId, deletedAt, _id}`, as bulk delete pages), then the trashed ones by
   * trashing (the same index, `deletedAt` a range of dates).
   */
  async *healthRowPages(orgId: string, size = 500): AsyncGenerator<HealthRow[]> {
    const fields = 'type sku price cost margin images brandId categoryId enriched archived deletedAt variants';
    const projection = `${fields} components boms parentId skuKeys barcodeKeys`;
    let after: string | undefined;
    for (;;) {
      const filter = { orgId, deletedAt: null, ...(after !== undefined ? { _id: { $gt: after } } : {}) };
      const rows = await this.model.find(filter, projection).sort({ _id: 1 }).limit(size).lean();
      if (rows.length > 0) yield rows.map((doc) => stateOf<HealthRow>(doc));
      if (rows.length < size) break;
      after = String(rows[rows.length - 1]!._id);
    }
    let trashed: { at: Date; id: string } | undefined;
    for (;;) {
      const filter = trashed
        ? {
            orgId,
            deletedAt: { $gte: trashed.at },
            $or: [{ deletedAt: { $gt: trashed.at } }, { _id: { $gt: trashed.id } }],
          }
        : trashedOf(orgId);
      const rows = await this.model.find(filter, projection).sort({ deletedAt: 1, _id: 1 }).limit(size).lean();
      if (rows.length > 0) yield rows.map((doc) => stateOf<HealthRow>(doc));
      if (rows.length < size) break;
      const last = rows[rows.length - 1]!;
      trashed = { at: last.deletedAt as Date, id: String(last._id) };
    }
  }

  /**
   * Whether any product of the organization changed after `at` (its data-health report is then
   * stale): three probes of a row each, live ones by `updatedAt` (`{orgId, deletedAt, archived,
   * updatedAt, _id}`, archived or not), trashed ones by `deletedAt` (a trashed product changes
   * only by its restore, which makes it live).
   */
  async changedAfter(orgId: string, at: Date): Promise<boolean> {
    const probe = (filter: Record<string, unknown>, sort: Record<string, 1>) =>
      this.model.find(filter, { _id: 1 }).sort(sort).limit(1).lean();
    const found = await Promise.all([
      probe({ orgId, deletedAt: null, archived: false, updatedAt: { $gt: at } }, { updatedAt: 1, _id: 1 }),
      probe({ orgId, deletedAt: null, archived: true, updatedAt: { $gt: at } }, { updatedAt: 1, _id: 1 }),
      probe({ orgId, deletedAt: { $gt: at } }, { deletedAt: 1, _id: 1 }),
    ]);
    return found.some((rows) => rows.length > 0);
  }

  /** The products of some listings, by `_id` (what a family candidate needs of each). */
  async candidates(orgId: string, ids: string[]): Promise<Map<string, CandidateProduct>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, CandidateProduct>();
    if (unique.length === 0) return found;
    const docs = await this.model.collection
      .find<CandidateDoc>({ orgId, _id: { $in: unique } } as never, {
        projection: { type: 1, name: 1, parentId: 1, deletedAt: 1 },
      })
      .toArray();
    for (const d of docs) {
      const id = d._id;
      found.set(id, { id, type: d.type, name: d.name, parentId: d.parentId ?? null, deletedAt: d.deletedAt ?? null });
    }
    return found;
  }

  /** Products, live or trashed, naming the brand or category (a brand or category in use stays). */
  countUsing(orgId: string, filter: { brandId: string } | { categoryId: string }): Promise<number> {
    return countOwned(this.model, { orgId, ...filter });
  }

  /** Ids of the organization's products in a category (live and trashed). */
  async idsInCategory(orgId: string, categoryId: string): Promise<string[]> {
    const rows = await this.model.find({ orgId, categoryId }, { _id: 1 }).lean();
    return rows.map((r) => String(r._id));
  }
}
