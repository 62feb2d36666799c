import type { EventEnvelope } from '@stockyard/contracts';
import { isDuplicateKeyError, KeyedMutex } from '@stockyard/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';
import type { ProductState } from '../domain/product';
import {
  termsOfEntry,
  VARIANT_LIST_CHANGED,
  VariantListChangedSchema,
  variantListOf,
  variantRowKey,
  type VariantListChanged,
} from '../domain/variant-list';
import { ProductProjection, type Rebuildable } from './product-term-index';
import type { ProductModel } from './product.model';
import { VariantSearchRows } from './variant-search-rows';

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

/**
 * The variant list (`variant_list`): a row per live variant of a live product, kept from the
 * product's outbox by `product.variant_list_changed` (domain/variant-list.ts), so GET /variants
 * reads a page of rows from an index, then only the products of that page. The same update
 * keeps the variants' search terms on their rows and in the variant search index.
 */
export class VariantList extends ProductProjection {
  readonly model: Model<VariantListRow>;
  /** The variant search index, kept with the list. */
  readonly search: VariantSearchRows;
  /** A product's updates in turn (the request path's and the relay's may meet). */
  private readonly products = new KeyedMutex();

  constructor(
    connection: Connection,
    private readonly docs: ProductModel,
  ) {
    super(VARIANT_LIST_CHANGED);
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

  /** A new product's update with its creation instant (known once the store inserted it), before it answers. */
  async applyCreated(events: readonly EventEnvelope[], createdAt: Date): Promise<void> {
    const withAt = events.map((e) =>
      e.name === this.event ? { ...e, payload: { ...e.payload, createdAt: createdAt.toISOString() } } : e,
    );
    await this.applyAll(withAt);
  }

  async reindex(p: ProductState): Promise<void> {
    const at = p.createdAt ?? (await this.createdAtOf(p.orgId, p.id));
    const change = { orgId: p.orgId, productId: p.id, version: p.version, name: p.name, rows: variantListOf(p) };
    if (at) await this.replace(change, at);
  }

  protected async apply(event: EventEnvelope): Promise<void> {
    const change = VariantListChangedSchema.parse({ ...event.payload, orgId: event.orgId });
    const at = change.createdAt ? new Date(change.createdAt) : await this.createdAtOf(change.orgId, change.productId);
    if (at) await this.replace(change, at);
  }

  /** A new product's creation instant, when its event was replayed without it (a crash before it answered). */
  private async createdAtOf(orgId: string, productId: string): Promise<Date | undefined> {
    const doc = await this.docs.findOne({ _id: productId, orgId }, { createdAt: 1 }).lean();
    return (doc?.createdAt as Date | undefined) ?? undefined;
  }

  /**
   * The product's rows become these, as of `version`: nothing when a newer version wrote them
   * already (a replay), else the rows it no longer has go, new ones come, kept ones are marked
   * (and take the terms the update gives, if they moved). The search index goes first, from
   * the terms the rows held to the update's: a crash in between leaves the rows as they were,
   * so the replay does the same again (each write of the index is idempotent).
   */
  private async replace(change: Omit<VariantListChanged, 'createdAt'>, at: Date): Promise<void> {
    const { orgId, productId, version } = change;
    const entries = change.rows.map((r) => ({
      key: variantRowKey(productId, r.position, r.variantId),
      variantId: r.variantId,
      terms: termsOfEntry(change.name, r),
    }));
    await this.products.run(`${orgId}/${productId}`, async () => {
      const stored = version === 1 ? [] : await this.model.find({ orgId, productId }, { version: 1, terms: 1 }).lean();
      if (stored.some((r) => r.version > version)) return;
      if (change.name !== undefined) {
        const before = stored.filter((r) => r.terms !== undefined).map((r) => ({ key: r._id, terms: r.terms! }));
        const after = entries.map((e) => ({ key: e.key, terms: e.terms! }));
        await this.search.replace(orgId, productId, before, after, at);
      } // else an update from before the list kept terms: they stay as they are
      const wanted = new Map(entries.map((e) => [e.key, e]));
      const have = new Set(stored.map((r) => r._id));
      const stale = stored.filter((r) => !wanted.has(r._id)).map((r) => r._id);
      const kept = stored.filter((r) => wanted.has(r._id));
      const moved = kept.filter((r) => {
        const terms = wanted.get(r._id)!.terms;
        return terms !== undefined && !sameTerms(r.terms, terms);
      });
      const marked = kept.filter((r) => r.version < version && !moved.includes(r)).map((r) => r._id);
      const added = entries.filter((e) => !have.has(e.key));
      if (stale.length) await this.model.deleteMany({ orgId, productId, _id: { $in: stale } });
      if (marked.length) await this.model.updateMany({ orgId, productId, _id: { $in: marked } }, { $set: { version } });
      for (let i = 0; i < moved.length; i += BULK_UPDATES) {
        const updates = moved.slice(i, i + BULK_UPDATES).map((r) => ({
          updateOne: { filter: { _id: r._id, orgId }, update: { $set: { version, terms: wanted.get(r._id)!.terms } } },
        }));
        await this.model.bulkWrite(updates, { ordered: false });
      }
      if (added.length) {
        const rows = added.map((e) => ({
          _id: e.key,
          orgId,
          productId,
          variantId: e.variantId,
          at,
          version,
          terms: e.terms ?? [],
        }));
        await this.model.collection.insertMany(rows as never[], { ordered: false }).catch((err: unknown) => {
          if (!isDuplicateKeyError(err)) throw err; // a replay racing this one wrote the same row
        });
      }
    });
  }
}

/** Updates in one bulk write (FerretDB hung on bulk commands of about 100: README, "Memory"). */
const BULK_UPDATES = 50;

const sameTerms = (stored: readonly string[] | undefined, terms: readonly string[]) =>
  stored !== undefined && stored.length === terms.length && stored.every((t, i) => t === terms[i]);
