import type { CreateProduct, Page, ProductListQuery, UpdateProduct } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { duplicateProduct, type DuplicateInput } from '../domain/duplicate-product';
import { newProduct } from '../domain/product-create';
import { setArchived, restoreProduct, trashProduct } from '../domain/product-lifecycle';
import { updateProduct } from '../domain/product-update';
import { productView } from '../domain/product-view';
import type { ProductState } from '../domain/product';
import { liveVariants } from '../domain/product-derived';
import type { ListingLookup, StockLookup } from '../ports';
import type { ProductFilters } from '../store/product-filter';
import type { ProductQueries } from '../store/product.queries';
import type { SkuRegistry } from '../store/sku-registry';
import type { ProductWriter } from './product-writer';

/** The product use cases: create, edit, archive, trash and restore; each answers the product's view. */
export class ProductCommands {
  constructor(
    private readonly writer: ProductWriter,
    private readonly skus: SkuRegistry,
    private readonly queries: ProductQueries,
    private readonly listings: ListingLookup,
    private readonly stock: StockLookup,
  ) {}

  /** The products a `channelId` filter allows: the channels side's listed ones (undefined: no such filter). */
  private onChannel(orgId: string, { channelId }: ProductFilters) {
    return channelId ? this.listings.productIdsOnChannel(orgId, channelId) : undefined;
  }

  /** GET /products; `channelId` asks the channels side which products it lists. */
  async list(orgId: string, query: ProductListQuery, page: Page) {
    return this.queries.list(orgId, query, page, await this.onChannel(orgId, query));
  }

  /** An export's page of products: GET /products' filters and rows, oldest first (issue #41). */
  async exportPage(orgId: string, filters: ProductFilters, after: string | null, limit: number) {
    return this.queries.exportPage(orgId, filters, after, limit, await this.onChannel(orgId, filters));
  }

  /** GET /products/trash: the trashed products, most recently trashed first. */
  listTrash(orgId: string, page: Page) {
    return this.queries.trash(orgId, page);
  }

  /** The product with its children when it is a FAMILY (trashed ones too: the trash shows them). */
  async view(product: ProductState) {
    const children = product.type === 'FAMILY' ? await this.queries.children(product.orgId, product.id) : undefined;
    return productView(product, children);
  }

  /**
   * GET /products/{id}; a live BUNDLE also shows `available`, how many its components make
   * (inventory computes it; null while inventory does not answer: the product still reads).
   */
  async get(orgId: string, id: string) {
    const product = await this.writer.get(orgId, id);
    const view = await this.view(product);
    if (product.type !== 'BUNDLE' || product.deletedAt) return view;
    const variantId = liveVariants(product).find((v) => v.isDefault)?.id;
    const available = variantId
      ? await this.stock.available(orgId, [variantId]).then(
          (m) => m.get(variantId) ?? 0,
          () => null,
        )
      : null;
    return { ...view, available };
  }

  async create(orgId: string, input: CreateProduct) {
    const ids = { productId: newId('prd'), variantId: newId('var') };
    const generated = input.sku === undefined ? await this.skus.generate(orgId, ids.productId) : undefined;
    const sku = input.sku === undefined ? generated! : input.sku;
    const state = newProduct(orgId, input, sku, ids, new Date());
    return this.view(await this.writer.create(state, generated ? [state.skuKeys[0]!] : []));
  }

  async update(orgId: string, id: string, input: UpdateProduct) {
    return this.view(await this.writer.change(orgId, id, (p) => updateProduct(p, input, new Date())));
  }

  async archive(orgId: string, id: string, archived: boolean) {
    return this.view(await this.writer.change(orgId, id, (p) => setArchived(p, archived)));
  }

  /** Soft delete (idempotent): its SKUs are released, its variants leave read models (`variant.deleted`). */
  async trash(orgId: string, id: string): Promise<void> {
    await this.writer.change(orgId, id, (p) => trashProduct(p, new Date()));
  }

  /** Back from the trash; its SKUs are claimed again (409 `sku_taken` when another product took one meanwhile). */
  async restore(orgId: string, id: string) {
    return this.view(await this.writer.change(orgId, id, restoreProduct));
  }

  /** POST /products/{id}/duplicate: the copy is a new product (product.created, variant.upserted). */
  async duplicate(orgId: string, id: string, input: DuplicateInput) {
    const source = await this.writer.get(orgId, id);
    const ids = { productId: newId('prd'), variantId: () => newId('var') };
    return this.view(await this.writer.create(duplicateProduct(source, input, ids, new Date())));
  }
}
