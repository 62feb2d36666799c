import type { EventEnvelope, Template } from '@stockyard/contracts';
import { AppError, isDuplicateKeyError, type Decision } from '@stockyard/service-kit';
import type { ProductState } from '../domain/product';
import { decideInBatch, type BatchResult, type BatchStep, type Templates } from '../domain/product-batch';
import { componentRows } from '../domain/product-derived';
import { bundleEvents, productCreated, variantEvents } from '../domain/product-events';
import { changeEvents, settle } from '../domain/product-settle';
import { brandNotFound, categoryNotFound, productNotFound } from '../domain/product.errors';
import type { BrandReads } from '../store/brand.repository';
import type { CategoryReads } from '../store/category.repository';
import type { ProductStore } from '../store/product.store';
import type { SkuRegistry } from '../store/sku-registry';
import type { VariantRefs } from '../store/variant-refs';
import type { ComponentCheck } from './component-check';

/** A pure step of a product change: the current state in, the next one out (or an AppError). */
type ProductStep = (current: ProductState) => ProductState;

interface ChangeOptions {
  /** Send `product.updated` (a manual edit); import-driven changes send none. Default true. */
  publish?: boolean;
  /** Further events of the change (a conversion's). */
  events?: (before: ProductState, after: ProductState) => EventEnvelope[];
}

/** One product's outcome in a batched change (the kit store's `changeMany` outcome). */
export type ProductOutcome<R> = { ok: true; state: ProductState; result: R } | { ok: false; error: AppError };

/** Passes of a batched change that read missing templates; what is still undecided then goes one by one. */
const TEMPLATE_PASSES = 3;

const sameRows = (a: ProductState, b: ProductState) =>
  JSON.stringify(componentRows(a)) === JSON.stringify(componentRows(b));

/**
 * Every product write: the step, then the checks that need reads (brand, category and its
 * template, component rows, variant refs), all inside the store's change, on the state it
 * locked; the store claims the SKUs the product gains and releases those it gives up
 * (`productStore`'s unique values).
 */
export class ProductWriter {
  constructor(
    private readonly store: ProductStore,
    private readonly skus: SkuRegistry,
    private readonly refs: VariantRefs,
    private readonly components: ComponentCheck,
    private readonly brands: BrandReads,
    private readonly categories: CategoryReads,
  ) {}

  async get(orgId: string, id: string): Promise<ProductState> {
    const product = await this.store.read(orgId, id);
    if (!product) throw productNotFound();
    return product;
  }

  /**
   * The product as this process last wrote it, else as stored: for a check that a product
   * exists (it never stops existing: the trash is soft), never for a refusal on its state.
   */
  async current(orgId: string, id: string): Promise<ProductState> {
    return this.store.remembered(orgId, id) ?? this.get(orgId, id);
  }

  /**
   * Inserts a new product (its generated SKU, if any, already claimed in `claimed`: released if it
   * fails, or if the product stored under its id, a keyed request's earlier run, does not hold it).
   */
  async create(state: ProductState, claimed: string[] = []): Promise<ProductState> {
    const { orgId, id } = state;
    try {
      const product = settle(state, await this.prepare(null, state));
      await this.addRefs(
        orgId,
        id,
        product.variants.map((v) => v.id),
      );
      const { version: _v, ...fields } = product;
      const events = [productCreated(product), ...variantEvents(null, product), ...bundleEvents(null, product)];
      const created = await this.store.create(fields, events);
      const unheld = claimed.filter((key) => !created.skuKeys.includes(key));
      if (unheld.length > 0) await this.skus.release(orgId, id, unheld);
      return created;
    } catch (err) {
      await this.skus.release(orgId, id, claimed);
      throw err;
    }
  }

  /**
   * Changes a product by `step`. The store starts from the state this process last wrote,
   * without a read (on a large product a read costs as much as the write), and decides a
   * refusal again on a fresh read.
   */
  async change(orgId: string, id: string, step: ProductStep, options: ChangeOptions = {}): Promise<ProductState> {
    const { state } = await this.store.change(orgId, id, (current) => this.decide(current, step, options));
    return state;
  }

  /** One product's change: the step, its reads, the settled state and its events. */
  private async decide(
    current: ProductState,
    step: ProductStep,
    options: ChangeOptions,
  ): Promise<Decision<ProductState>> {
    const next = step(current);
    const settled = settle(next, await this.prepare(current, next));
    const events = [
      ...changeEvents(current, settled, options.publish ?? true),
      ...(options.events?.(current, settled) ?? []),
    ];
    return { state: settled, events };
  }

  /**
   * Changes many products by one pure step each, in the store's batched change (one read per
   * 500 products, bulk writes), for steps that need none of a single change's reads: no new
   * SKU, the same brand, category, component rows and variants (a cost, a derived field, the
   * trash; the store releases SKUs given up after the write, as in `change`). The
   * categories' templates are read for the products that have one (a pass each time some are
   * missing); a product whose step wants more goes through `change`. Each product has its
   * outcome: a refusal of one (404, its step's AppError) leaves the others going.
   */
  async changeMany<R>(
    orgId: string,
    ids: readonly string[],
    step: BatchStep<R>,
    options: ChangeOptions & { templates?: Templates } = {},
  ): Promise<Map<string, ProductOutcome<R>>> {
    const outcomes = new Map<string, ProductOutcome<R>>();
    const templates: Templates = new Map(options.templates);
    const publish = options.publish ?? true;
    let pending = [...new Set(ids)];
    for (let pass = 0; pending.length > 0 && pass < TEMPLATE_PASSES; pass++) {
      const decided = await this.store.changeMany<BatchResult<R>>(orgId, pending, (current) =>
        decideInBatch(current, step, templates, publish, options.events),
      );
      const single: string[] = [];
      const unread = new Set<string>();
      pending = [];
      for (const [id, outcome] of decided) {
        if (!outcome.ok) outcomes.set(id, outcome);
        else if (outcome.result.kind === 'done')
          outcomes.set(id, { ok: true, state: outcome.state, result: outcome.result.value });
        else if (outcome.result.kind === 'single') single.push(id);
        else {
          unread.add(outcome.result.categoryId);
          pending.push(id);
        }
      }
      for (const id of single) outcomes.set(id, await this.changeOne(orgId, id, step, options));
      for (const categoryId of unread)
        templates.set(categoryId, (await this.categories.read(orgId, categoryId))?.template);
    }
    for (const id of pending) outcomes.set(id, await this.changeOne(orgId, id, step, options));
    return outcomes;
  }

  /** One product of a batch by `change`, as an outcome. */
  private async changeOne<R>(
    orgId: string,
    id: string,
    step: BatchStep<R>,
    options: ChangeOptions,
  ): Promise<ProductOutcome<R>> {
    let result: R | undefined;
    const run = (p: ProductState) => {
      const outcome = step(p);
      result = outcome.result;
      return outcome.next;
    };
    try {
      const state = await this.change(orgId, id, run, options);
      return { ok: true, state, result: result as R };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err };
      throw err;
    }
  }

  /** The reads a change needs: brand and category exist, the template, the component rows, new variants' refs. */
  private async prepare(before: ProductState | null, next: ProductState): Promise<Template | null> {
    const { orgId, id } = next;
    if (next.brandId && next.brandId !== before?.brandId && !(await this.brands.exists(orgId, next.brandId))) {
      throw brandNotFound();
    }
    let template: Template | null = null;
    if (next.categoryId) {
      const category = await this.categories.read(orgId, next.categoryId);
      if (!category) throw categoryNotFound();
      template = category.template;
    }
    if (!before || !sameRows(before, next)) await this.components.check(orgId, next, componentRows(next));
    const newVariants = next.variants.filter((v) => !before?.variants.some((b) => b.id === v.id)).map((v) => v.id);
    if (before) await this.addRefs(orgId, id, newVariants);
    return template;
  }

  private async addRefs(orgId: string, productId: string, variantIds: string[]): Promise<void> {
    try {
      await this.refs.add(orgId, productId, variantIds);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err; // a retry of the same change
    }
  }
}
