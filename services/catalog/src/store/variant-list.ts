import type { EventEnvelope } from '@stockyard/contracts';
import { isDuplicateKeyError, type Projection } from '@stockyard/service-kit';
import { KeyedMutex } from '@stockyard/service-kit/store';
import { Schema, type Connection, type Model } from 'mongoose';
import type { ProductState } from '../domain/product';
import {
  termsOfEntry,
  VARIANT_LIST_CHANGED,
  VariantListChangedSchema,
  variantListOf,
  variantListUpdates,
  variantRowKey,
  type VariantListChanged,
} from '../domain/variant-list';
import type { ProductModel } from './product.model';
import type { Rebuildable } from './term-index-rebuild';
import { VariantSearchRows, type SearchRowsChange } from './variant-search-rows';

/** A row of GET /variants: `_id` its key after `at` (the product's creation), so the list pages by `(at, _id)`. */
export interface VariantListRow {
  _id: string;
  orgId: string;
  productId: string;
  variantId: string;
  at: Date;
  /** The product's version the row was last written for. */
  version: number;
  /** The variant's search terms (`variantTermsOf`): a broad search walks the list checking them. */
  terms?: string[];
}

const rowSchema = new Schema<VariantListRow>(
  { _id: String, orgId: String, productId: String, variantId: String, at: Date, version: Number, terms: [String] },
  { versionKey: false },
);
// GET /variants in order (products by creation, then position), and of one product; a product's rows.
rowSchema.index({ orgId: 1, at: 1, _id: 1 });
rowSchema.index({ orgId: 1, productId: 1, at: 1, _id: 1 });

/** A product's update with the creation instant its rows are placed at. */
interface Placed {
  change: Omit<VariantListChanged, 'createdAt'>;
  at: Date;
}

/** What one product's update writes of the list (and of the search rows), planned from its stored rows. */
interface RowsPlan {
  orgId: string;
  productId: string;
  version: number;
  search?: SearchRowsChange;
  stale: string[];
  marked: string[];
  moved: { _id: string; terms: string[] }[];
  added: VariantListRow[];
}

/**
 * The variant list (`variant_list`): a row per live variant of a live product, a projection of
 * the product store by `product.variant_list_changed` (domain/variant-list.ts), so GET /variants
 * reads a page of rows from an index, then only the products of that page. The same update
 * keeps the variants' search terms on their rows and in the variant search index. A batch of
 * updates (a batched change of many products) is applied in one pass: a read of each product's
 * rows, then one delete, bulk updates and one insert for all of them.
 */
export class VariantList implements Projection<ProductState> {
  readonly event = VARIANT_LIST_CHANGED;
  readonly model: Model<VariantListRow>;
  /** The variant search index, kept with the list. */
  readonly search: VariantSearchRows;
  /** A product's updates in turn (the request path's and the relay's may meet). */
  private readonly products = new KeyedMutex();

  constructor(
    connection: Connection,
    private readonly docs: ProductModel,
  ) {
    this.model =
      (connection.models.VariantListRow as Model<VariantListRow> | undefined) ??
      connection.model<VariantListRow>('VariantListRow', rowSchema, 'variant_list');
    this.search = new VariantSearchRows(connection);
  }

  /**
   * The search index as the rebuild knows it (recorded by its own collection's name): a
   * database whose list was built before it kept terms gets them, and the index, once.
   */
  get searchRebuild(): Rebuildable {
    return { model: this.search.model, reindex: (p) => this.reindex(p) };
  }

  updatesFor(before: ProductState | null, after: ProductState, version: number) {
    return variantListUpdates(before, after, version);
  }

  /**
   * The updates, each product's newest, placed at the product's creation (an update written
   * without it, before the store handed it over, reads it from the products, in one read).
   */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const newest = new Map<string, VariantListChanged>();
    for (const event of updates) {
      const change = VariantListChangedSchema.parse({ ...event.payload, orgId: event.orgId });
      const key = `${change.orgId}/${change.productId}`;
      if ((newest.get(key)?.version ?? 0) < change.version) newest.set(key, change);
    }
    const changes = [...newest.values()];
    const created = await this.createdAtOf(changes.filter((c) => !c.createdAt));
    await this.replace(
      changes.flatMap((change) => {
        const at = change.createdAt ? new Date(change.createdAt) : created.get(change.productId);
        return at ? [{ change, at }] : [];
      }),
    );
  }

  async reindex(p: ProductState): Promise<void> {
    const at = p.createdAt ?? (await this.createdAtOf([{ orgId: p.orgId, productId: p.id }])).get(p.id);
    const change = { orgId: p.orgId, productId: p.id, version: p.version, name: p.name, rows: variantListOf(p) };
    if (at) await this.replace([{ change, at }]);
  }

  /** The creation instant of each stored product among these, by id (a new product's, or a replayed update's). */
  private async createdAtOf(products: readonly { orgId: string; productId: string }[]): Promise<Map<string, Date>> {
    const byOrg = new Map<string, string[]>();
    for (const { orgId, productId } of products) byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), productId]);
    const found = new Map<string, Date>();
    for (const [orgId, ids] of byOrg) {
      const docs = await this.docs.find({ _id: { $in: ids }, orgId }, { createdAt: 1 }).lean();
      for (const doc of docs) if (doc.createdAt) found.set(String(doc._id), doc.createdAt);
    }
    return found;
  }

  /**
   * The products' rows become these, each as of its `version`: nothing when a newer version
   * wrote them already (a replay), else the rows it no longer has go, new ones come, kept ones
   * are marked (and take the terms the update gives, if they moved). The search index goes
   * first, from the terms the rows held to the update's: a crash in between leaves the rows as
   * they were, so the replay does the same again (each write of the index is idempotent).
   */
  private async replace(placed: readonly Placed[]): Promise<void> {
    if (placed.length === 0) return;
    const keys = placed.map(({ change }) => `${change.orgId}/${change.productId}`);
    await this.inTurn(keys, async () => {
      const plans = (await Promise.all(placed.map((p) => this.plan(p)))).filter((p) => p !== undefined);
      await this.search.replace(plans.flatMap((p) => (p.search ? [p.search] : [])));
      await this.write(plans);
    });
  }

  /** One product's writes, from its stored rows; none when a newer version wrote them. */
  private async plan({ change, at }: Placed): Promise<RowsPlan | undefined> {
    const { orgId, productId, version } = change;
    const entries = change.rows.map((r) => ({
      key: variantRowKey(productId, r.position, r.variantId),
      variantId: r.variantId,
      terms: termsOfEntry(change.name, r),
    }));
    const stored = version === 1 ? [] : await this.model.find({ orgId, productId }, { version: 1, terms: 1 }).lean();
    if (stored.some((r) => r.version > version)) return undefined;
    // An update from before the list kept terms (no `name`) leaves them as they are.
    const search =
      change.name === undefined
        ? undefined
        : {
            orgId,
            productId,
            at,
            before: stored.filter((r) => r.terms !== undefined).map((r) => ({ key: r._id, terms: r.terms! })),
            after: entries.map((e) => ({ key: e.key, terms: e.terms! })),
          };
    const wanted = new Map(entries.map((e) => [e.key, e]));
    const have = new Set(stored.map((r) => r._id));
    const kept = stored.filter((r) => wanted.has(r._id));
    const moved = kept.flatMap((r) => {
      const terms = wanted.get(r._id)!.terms;
      return terms !== undefined && !sameTerms(r.terms, terms) ? [{ _id: r._id, terms }] : [];
    });
    const movedIds = new Set(moved.map((r) => r._id));
    return {
      orgId,
      productId,
      version,
      search,
      stale: stored.filter((r) => !wanted.has(r._id)).map((r) => r._id),
      marked: kept.filter((r) => r.version < version && !movedIds.has(r._id)).map((r) => r._id),
      moved,
      added: entries
        .filter((e) => !have.has(e.key))
        .map((e) => ({ _id: e.key, orgId, productId, variantId: e.variantId, at, version, terms: e.terms ?? [] })),
    };
  }

  /** The plans' writes: one delete per organization, the marks and moved terms in bulk, one insert. */
  private async write(plans: readonly RowsPlan[]): Promise<void> {
    const stale = new Map<string, string[]>(); // by organization
    for (const p of plans) if (p.stale.length) stale.set(p.orgId, [...(stale.get(p.orgId) ?? []), ...p.stale]);
    for (const [orgId, ids] of stale) await this.model.deleteMany({ orgId, _id: { $in: ids } });
    const updates = plans.flatMap(({ orgId, productId, version, marked, moved }) => [
      ...(marked.length
        ? [{ updateMany: { filter: { orgId, productId, _id: { $in: marked } }, update: { $set: { version } } } }]
        : []),
      ...moved.map((r) => ({
        updateOne: { filter: { _id: r._id, orgId }, update: { $set: { version, terms: r.terms } } },
      })),
    ]);
    for (let i = 0; i < updates.length; i += BULK_UPDATES)
      await this.model.collection.bulkWrite(updates.slice(i, i + BULK_UPDATES) as never[], { ordered: false });
    const added = plans.flatMap((p) => p.added);
    if (added.length) {
      await this.model.collection.insertMany(added as never[], { ordered: false }).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err; // a replay racing this one wrote the same row
      });
    }
  }

  /** Runs `work` in these products' turns, taken in one order (two batches never wait on each other in a circle). */
  private inTurn<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const next = (i: number): Promise<T> =>
      i === sorted.length ? work() : this.products.run(sorted[i]!, () => next(i + 1));
    return next(0);
  }
}

/** Updates in one bulk write (FerretDB hung on bulk commands of about 100: README, "Memory"). */
const BULK_UPDATES = 50;

const sameTerms = (stored: readonly string[] | undefined, terms: readonly string[]) =>
  stored !== undefined && stored.length === terms.length && stored.every((t, i) => t === terms[i]);
