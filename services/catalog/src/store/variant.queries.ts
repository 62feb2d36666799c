import type { ExportRows, List, Page, VariantListQuery } from '@stockyard/contracts';
import { readPage, stateOf } from '@stockyard/service-kit';
import { exportPage } from '@stockyard/service-kit/exports';
import { searchKey, searchText, wordStartPattern } from '@stockyard/service-kit/search';
import { decodeCursor, pageWithNext, type Keyset } from '@stockyard/service-kit/internals';
import { errors } from '../domain/errors';
import type { ProductState, VariantState } from '../domain/product';
import { liveVariants, skuKey } from '../domain/product-derived';
import { variantView, type VariantView } from '../domain/product-view';
import { parseRowKey, variantRowKey } from '../domain/variant-list';
import type { ProductModel } from './product.model';
import type { VariantList, VariantListRow } from './variant-list';
import { byListOrder, VariantSearch } from './variant-search';

const WITHOUT_OUTBOX = { outbox: 0, outboxPending: 0, outboxAt: 0 } as const;

/** GET /variants: pages of the variant list, its searches, one product's variants. */
export class VariantQueries {
  private readonly variantSearch: VariantSearch;

  constructor(
    private readonly model: ProductModel,
    private readonly variantList: VariantList,
    search = new VariantSearch(variantList),
  ) {
    this.variantSearch = search;
  }

  /**
   * GET /variants: live variants of live products, by product creation, product, position.
   * Unfiltered or of one product: a page of the variant list's rows (its `(orgId, [productId,]
   * at, _id)` index, offset or cursor), then only that page's products by `_id`. With `search`,
   * the page's keys from the variant search (store/variant-search.ts: about a page whatever the
   * matches number), then their products; with `productId` too, that one product's variants.
   * Every variant of a page is checked against the filters on its product (a stale row drops).
   */
  async list(orgId: string, q: VariantListQuery, page: Page): Promise<VariantPage> {
    if (!q.search) return this.variantPage(orgId, q, page);
    if (q.productId) return this.ofProduct(orgId, q.productId, q, page);
    const after = cursorOf(q, page);
    const key = searchKey(q.search);
    const found = key === '' ? { keys: [], total: 0 } : await this.variantSearch.page(orgId, key, page, after);
    const { rows, next } = pageWithNext(found.keys, page.limit, (k) => k);
    const products = await this.liveProducts(
      orgId,
      rows.map((k) => parseRowKey(k.id).productId),
    );
    const data: VariantView[] = [];
    for (const row of rows) {
      const { productId, variantId } = parseRowKey(row.id);
      const p = products.get(productId);
      const v = p && liveVariants(p).find((x) => x.id === variantId);
      if (p && v && variantMatches(p, v, q)) data.push(variantView(p, v));
    }
    return { data, total: found.total, ...page, next };
  }

  /**
   * The variants of one product (a `sku` names one through its claim, or `productId` with a
   * search) that match the filters, paged in memory: a product holds at most its variants.
   */
  async ofProduct(orgId: string, productId: string | undefined, q: VariantListQuery, page: Page) {
    const after = cursorOf(q, page);
    const p = productId ? (await this.liveProducts(orgId, [productId])).get(productId) : undefined;
    const matching = p ? liveVariants(p).filter((v) => variantMatches(p, v, q)) : [];
    const keyed = matching
      .map((v) => ({ key: { at: p!.createdAt!, id: variantRowKey(p!.id, v.position, v.id) }, v }))
      .sort((a, b) => byListOrder(a.key, b.key));
    const from = after ? keyed.filter((r) => byListOrder(r.key, after) > 0) : keyed;
    const slice = from.slice(page.offset, page.offset + page.limit + 1);
    const { rows, next } = pageWithNext(slice, page.limit, (r) => r.key);
    return { data: rows.map((r) => variantView(p!, r.v)), total: keyed.length, ...page, next };
  }

  /** The live products of these ids, by id (ID_CHUNK at most: a page's). */
  private async liveProducts(orgId: string, ids: string[]): Promise<Map<string, ProductState>> {
    const unique = [...new Set(ids)];
    const found = unique.length
      ? await this.model.find({ orgId, deletedAt: null, _id: { $in: unique } }, WITHOUT_OUTBOX).lean()
      : [];
    return new Map(found.map((doc) => stateOf<ProductState>(doc)).map((p) => [p.id, p]));
  }

  /** A page of the variant list (all live variants, or one product's), then its products. */
  private async variantPage(orgId: string, q: VariantListQuery, page: Page): Promise<VariantPage> {
    const filter = variantListFilter(orgId, q);
    const read = { filter, sort: { at: 1 as const, _id: 1 as const }, cursorField: 'at', page, withTotal: true };
    const rows = await readPage<VariantListRow>(
      this.variantList.model,
      { ...read, startingAfter: q.startingAfter, projection: { terms: 0 } },
      (d) => d as never,
    );
    return { data: await this.viewsOf(orgId, rows.data), total: rows.total!, ...page, next: rows.next ?? null };
  }

  /**
   * An export's page without a search (issue #41): the variant list's rows after the cursor, in the
   * list's order (products by creation, then position), then their products, each as the list
   * shows it; no total (the list counts every page).
   */
  async exportPage(orgId: string, q: VariantFilters, after: string | null, limit: number): Promise<ExportRows> {
    const filter = variantListFilter(orgId, q);
    const toRef = (row: Record<string, unknown>) => ({ productId: row.productId, variantId: row.variantId }) as RowRef;
    const page = await exportPage(this.variantList.model.collection, filter, after, limit, toRef, { field: 'at' });
    return { rows: await this.viewsOf(orgId, page.rows), next: page.next };
  }

  /** The live variants of a page of the list's rows, as the list shows them (a row its product no longer has drops). */
  private async viewsOf(orgId: string, rows: readonly RowRef[]): Promise<VariantView[]> {
    const products = await this.liveProducts(
      orgId,
      rows.map((r) => r.productId),
    );
    const data: VariantView[] = [];
    for (const row of rows) {
      const p = products.get(row.productId);
      const v = p ? liveVariants(p).find((x) => x.id === row.variantId) : undefined;
      if (p && v) data.push(variantView(p, v)); // a row its product no longer has (a replayed update): left out
    }
    return data;
  }
}

/** GET /variants' filters without its cursor: an export's page filters by them. */
export type VariantFilters = Omit<VariantListQuery, 'startingAfter'>;

/** What a page's row names: a product's variant. */
type RowRef = Pick<VariantListRow, 'productId' | 'variantId'>;

/** The variant list's rows of the organization, or of one product. */
const variantListFilter = (orgId: string, q: VariantFilters) => ({
  orgId,
  ...(q.productId ? { productId: q.productId } : {}),
});

const offsetWithCursor = () =>
  errors.validation_failed('Invalid query', [
    { field: 'startingAfter', code: 'conflict', message: 'give either offset or startingAfter, not both' },
  ]);

/** The cursor a list query gives (a 400 with an offset too, or for a cursor no page gave). */
function cursorOf(q: VariantListQuery, page: Page): Keyset | undefined {
  if (q.startingAfter === undefined) return undefined;
  if (page.offset > 0) throw offsetWithCursor();
  return decodeCursor(q.startingAfter);
}

type VariantPage = List<VariantView> & { next: string | null };

/** Whether the variant matches the filters (the exact check of every candidate the indexes give). */
function variantMatches(p: ProductState, v: VariantState, q: VariantListQuery): boolean {
  if (q.sku && (!v.sku || skuKey(v.sku) !== skuKey(q.sku))) return false;
  if (!q.search) return true;
  const key = skuKey(searchText(q.search));
  const words = wordStartPattern(q.search);
  return (
    words.test(p.name) ||
    words.test(v.name ?? '') ||
    (!!v.sku && skuKey(v.sku).startsWith(key)) ||
    v.barcodes.some((b) => skuKey(b).startsWith(key))
  );
}
