import type { List, Page } from '@stockyard/contracts';
import {
  AggregateStore,
  findOwned,
  isDuplicateKeyError,
  notFound,
  stateOf,
  readPage,
  countOwned,
  type OrgFilter,
} from '@stockyard/service-kit';
import { OFFER_FIELDS, sourceSkuId, type SourceSkuState } from '../domain/source-sku';
import { inParallel } from './in-parallel';
import type { SourceSkuModel } from './source-sku.model';

type SkuFilter = { sku?: string; variantId?: string; linked?: boolean };
/** A SKU write: the new state, and the one it replaces (none for a new SKU). */
export interface SkuWrite {
  before: SourceSkuState | undefined;
  next: SourceSkuState;
}

/**
 * Update commands sent to the store at once. FerretDB keeps each statement's read open until
 * the whole command ends, and a command of about a hundred statements used up its
 * connections and hung it (README, "Supplier feed import"); 50, as the kit's batched change
 * sends, is safe and costs 0.25 ms an update where 16 cost 0.42 (measured 2026-11-25).
 * MongoDB is fine with either.
 */
const UPDATES_PER_COMMAND = 50;
const LINK_FIELDS = ['variantId', 'productId', 'preferred'] as const;

/** A source SKU as its store keeps it: with the version its changes are guarded on. */
type StoredSku = SourceSkuState & { version: number };

/**
 * Source SKUs' store: a change that must not lose a race (a link, a preferred mark) goes through
 * it, guarded by the SKU's version; the bulk writes (`SourceSkuWrites`) move that version too,
 * so such a change sees them.
 */
export const sourceSkuStore = (model: SourceSkuModel) =>
  new AggregateStore<StoredSku>(model, undefined, { name: 'Source SKU' });
export type SourceSkuStore = ReturnType<typeof sourceSkuStore>;

/** Source SKUs as states: by `_id` (derived from source and SKU), lists by source, by variant. */
export class SourceSkuReads {
  constructor(private readonly model: SourceSkuModel) {}

  async get(orgId: string, sourceChannelId: string, id: string): Promise<SourceSkuState> {
    const doc = await findOwned<SourceSkuState>(this.model, orgId, id);
    if (!doc || doc.sourceChannelId !== sourceChannelId) throw notFound('Source SKU');
    return stateOf<SourceSkuState>(doc);
  }

  /** The stored SKUs among `skus` of the source, by SKU (reads by `_id`). */
  async bySkus(orgId: string, sourceChannelId: string, skus: readonly string[]): Promise<Map<string, SourceSkuState>> {
    const found = await Promise.all(
      skus.map((sku) => findOwned<SourceSkuState>(this.model, orgId, sourceSkuId(sourceChannelId, sku))),
    );
    const states = found.filter((d) => d !== undefined).map((d) => stateOf<SourceSkuState>(d));
    return new Map(states.filter((s) => s.sourceChannelId === sourceChannelId).map((s) => [s.sku, s]));
  }

  async list(orgId: string, sourceChannelId: string, filter: SkuFilter, page: Page): Promise<List<SourceSkuState>> {
    const query: OrgFilter = { orgId, sourceChannelId };
    if (filter.sku !== undefined) query.sku = filter.sku;
    if (filter.variantId !== undefined) query.variantId = filter.variantId;
    else if (filter.linked !== undefined) query.variantId = filter.linked ? { $ne: null } : null;
    const { data, total } = await readPage<SourceSkuState>(this.model, { filter: query, sort: { sku: 1 }, page });
    return { data, total: total!, ...page };
  }

  /** Every SKU of the source, streamed (the import's index of what is stored). */
  scan(orgId: string, sourceChannelId: string): AsyncIterable<SourceSkuState> {
    const cursor = this.model.collection.find({ orgId, sourceChannelId }, { batchSize: 2000 });
    return (async function* () {
      for await (const doc of cursor) yield stateOf<SourceSkuState>(doc);
    })();
  }

  /** The variant's preferred offers (at most one, unless a race left two). */
  preferredOf(orgId: string, variantId: string): Promise<SourceSkuState[]> {
    return this.model
      .find({ orgId, variantId, preferred: true })
      .lean()
      .then((rows) => rows.map((r) => stateOf<SourceSkuState>(r)));
  }

  /**
   * The SKUs linked to these variants (of one source, or of every source), in the asked order.
   * One equality read per variant, each a range of `(orgId, variantId)` (or of `(orgId,
   * sourceChannelId, variantId)`): our FerretDB build reads no index range for an `$in` over a
   * field and would read every SKU of the organization (infra/ferretdb/README.md).
   */
  async linkedTo(orgId: string, variantIds: readonly string[], sourceChannelId?: string): Promise<SourceSkuState[]> {
    const unique = [...new Set(variantIds)];
    const found: SourceSkuState[][] = [];
    await inParallel(unique, 8, async (variantId, i) => {
      const filter = sourceChannelId ? { orgId, sourceChannelId, variantId } : { orgId, variantId };
      const rows = await this.model.find(filter).lean();
      found[i] = rows.map((r) => stateOf<SourceSkuState>(r));
    });
    return found.flat();
  }

  countOffers(orgId: string, variantId: string): Promise<number> {
    return countOwned(this.model, { orgId, variantId });
  }

  /** Up to `limit` unlinked SKUs of the source in SKU order after `after`, and how many follow them. */
  async unlinked(orgId: string, sourceChannelId: string, limit: number, after?: string) {
    const query: Record<string, unknown> = { orgId, sourceChannelId, variantId: null };
    if (after !== undefined) query.sku = { $gt: after };
    const rows = await this.model.find(query).sort({ sku: 1 }).limit(limit).lean();
    const skus = rows.map((r) => stateOf<SourceSkuState>(r));
    const last = skus[skus.length - 1];
    const rest = last ? await countOwned(this.model, { ...query, orgId, sku: { $gt: last.sku } }) : 0;
    return { skus, after: rest };
  }
}

/**
 * Source SKUs written in bulk (an upsert request's, an import batch's), outside the store: the
 * new ones as one insert, the changed ones by `_id`, each moving the SKU's version.
 */
export class SourceSkuWrites {
  constructor(private readonly model: SourceSkuModel) {}

  /**
   * Writes SKUs: the new ones as one insert, the changed ones by `_id` with only the fields that
   * moved. Returns the new SKUs that already existed (a concurrent write made them meanwhile).
   */
  async write(writes: readonly SkuWrite[]): Promise<SkuWrite[]> {
    const inserts = writes.filter((w) => !w.before).map((w) => w.next);
    const raced = await this.insert(inserts);
    const updates = writes.flatMap(({ before, next }) =>
      before && before !== next
        ? [{ updateOne: { filter: { _id: next.id }, update: { $set: changes(before, next), $inc: { version: 1 } } } }]
        : [],
    );
    for (let i = 0; i < updates.length; i += UPDATES_PER_COMMAND) {
      await this.model.collection.bulkWrite(updates.slice(i, i + UPDATES_PER_COMMAND) as never, { ordered: false });
    }
    return writes.filter((w) => raced.has(w.next.id));
  }

  private async insert(states: SourceSkuState[]): Promise<Set<string>> {
    if (states.length === 0) return new Set();
    const docs = states.map(({ id, ...fields }) => ({ _id: id, ...fields }));
    try {
      await this.model.collection.insertMany(docs as never, { ordered: false });
      return new Set();
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // Unordered: the others were inserted. A SKU whose stored copy is not ours was made meanwhile.
      const stored = await Promise.all(
        states.map((s) => this.model.collection.findOne<{ createdAt?: Date }>({ _id: s.id } as never)),
      );
      const ours = (s: SourceSkuState, i: number) => stored[i]?.createdAt?.getTime() === s.createdAt.getTime();
      return new Set(states.filter((s, i) => !ours(s, i)).map((s) => s.id));
    }
  }

  async delete(orgId: string, id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, orgId });
  }
}

/** The fields of `next` that differ from `before` (the supplier's fields and the link). */
function changes(before: SourceSkuState, next: SourceSkuState): Record<string, unknown> {
  const set: Record<string, unknown> = { updatedAt: next.updatedAt };
  for (const k of [...OFFER_FIELDS, ...LINK_FIELDS]) if (before[k] !== next[k]) set[k] = next[k];
  return set;
}
