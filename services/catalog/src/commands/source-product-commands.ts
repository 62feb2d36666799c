import { createHash } from 'node:crypto';
import {
  skuSchema,
  type BulkFromSource,
  type BulkFromSourceResult,
  type FamilyCandidate,
  type FamilyCandidateQuery,
} from '@stockyard/contracts';
import { AppError, isDuplicateKeyError } from '@stockyard/service-kit';
import { errors } from '../domain/errors';
import { familyCandidates } from '../domain/family-candidates';
import { newProduct } from '../domain/product-create';
import { defaultVariant } from '../domain/product-derived';
import type { ProductState } from '../domain/product';
import type { SourceSkuState } from '../domain/source-sku';
import { withSourceLinked } from '../domain/variant-link';
import type { ListingReads, ParentGroupKey } from '../store/listing.repository';
import type { ProductQueries } from '../store/product.queries';
import type { ProductStore } from '../store/product.store';
import type { SourceSkuReads, SourceSkuStore } from '../store/source-sku.repository';
import type { SourceReads } from '../store/source.repository';
import { inParallel } from '../store/in-parallel';
import type { ProductWriter } from './product-writer';

/** `all: true` takes this many unlinked SKUs per call (`remaining` says how many are left). */
const BULK_PAGE = 200;

/**
 * Ids derived from the source SKU, so a retry after a crash finds the product it made (README);
 * generation n > 0 is the n-th product made again from the SKU after the earlier ones were trashed.
 */
const derivedId = (prefix: string, sourceSkuId: string, generation: number) => {
  const seed = generation === 0 ? `${prefix}\n${sourceSkuId}` : `${prefix}\n${sourceSkuId}\n${generation}`;
  return `${prefix}_${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;
};

type Skip = BulkFromSourceResult['skipped'][number];
type Made = BulkFromSourceResult['created'][number];

/** The products side's routes that read the channels side: products from source SKUs, family candidates. */
export class SourceProductCommands {
  constructor(
    private readonly sources: SourceReads,
    private readonly skuStore: SourceSkuStore,
    private readonly skus: SourceSkuReads,
    private readonly listings: ListingReads,
    private readonly products: ProductStore,
    private readonly queries: ProductQueries,
    private readonly writer: ProductWriter,
  ) {}

  /** A SIMPLE product and its variant per unlinked SKU (name, SKU, cost, UPC from the offer), the SKU linked to it. */
  async bulkFromSource(orgId: string, input: BulkFromSource): Promise<BulkFromSourceResult> {
    const sourceChannelId = input.sourceChannelId;
    await this.sources.writable(orgId, sourceChannelId);
    const skipped: Skip[] = [];
    let targets: SourceSkuState[];
    let remaining = 0;
    let next: string | null = null;
    if ('all' in input) {
      const page = await this.skus.unlinked(orgId, sourceChannelId, BULK_PAGE, input.after);
      targets = page.skus;
      remaining = page.after;
      next = remaining > 0 ? (targets[targets.length - 1]?.sku ?? null) : null;
    } else {
      const stored = await this.skus.bySkus(orgId, sourceChannelId, input.skus);
      targets = [];
      for (const sku of new Set(input.skus)) {
        const s = stored.get(sku);
        if (!s) skipped.push({ sku, reason: 'sku_not_found' });
        else if (s.variantId) skipped.push({ sku, reason: 'already_linked' });
        else targets.push(s);
      }
    }
    const created: Made[] = [];
    await inParallel(targets, 4, async (s) => {
      const outcome = await this.fromOffer(orgId, s);
      if ('reason' in outcome) skipped.push(outcome);
      else created.push(outcome);
    });
    const order = new Map(targets.map((t, i) => [t.sku, i]));
    created.sort((a, b) => order.get(a.sku)! - order.get(b.sku)!);
    return { created, skipped, remaining, next };
  }

  /**
   * One SKU: the product (made again by id on a retry), then the link, a change of the SKU
   * through its store guarded by the version read: a SKU linked meanwhile is `already_linked`
   * (its product stays, and the next attempt finds it by id, as after a crash).
   */
  private async fromOffer(orgId: string, offer: SourceSkuState): Promise<Made | Skip> {
    const current = await this.skus.get(orgId, offer.sourceChannelId, offer.id).catch(() => undefined);
    if (!current) return { sku: offer.sku, reason: 'sku_not_found' };
    if (current.variantId) return { sku: offer.sku, reason: 'already_linked' };
    const sku = skuSchema.safeParse(current.sku);
    if (!sku.success) return { sku: offer.sku, reason: 'sku_invalid' };
    let product: ProductState;
    try {
      product = await this.product(orgId, current, sku.data);
    } catch (err) {
      if (err instanceof AppError && err.code === 'sku_taken') return { sku: offer.sku, reason: 'sku_taken' };
      throw err;
    }
    const variant = defaultVariant(product)!;
    const linked = await this.skuStore
      .change(orgId, offer.id, (s) =>
        s.variantId
          ? { result: false }
          : { state: { ...s, variantId: variant.id, productId: product.id, preferred: true }, result: true },
      )
      .catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return undefined;
        throw err;
      });
    if (!linked) return { sku: offer.sku, reason: 'sku_not_found' };
    if (!linked.result) return { sku: offer.sku, reason: 'already_linked' };
    return { sku: current.sku, sourceSkuId: current.id, productId: product.id, variantId: variant.id };
  }

  /**
   * The offer's product at the ids of the first generation not taken by a trashed product: made
   * there, or found there live (made by an earlier attempt that died before linking the SKU: that
   * one is linked). One trashed (or converted away from SIMPLE) was made from this SKU before and
   * the SKU unlinked since: the next generation gets a new product (README: Bulk-from-source).
   */
  private async product(orgId: string, offer: SourceSkuState, sku: string): Promise<ProductState> {
    const input = {
      type: 'SIMPLE' as const,
      name: offer.name ?? offer.sku,
      ...(offer.cost !== null ? { cost: offer.cost } : {}),
      ...(offer.upc !== null ? { upc: offer.upc } : {}),
    };
    for (let generation = 0; ; generation++) {
      const ids = {
        productId: derivedId('prd', offer.id, generation),
        variantId: derivedId('var', offer.id, generation),
      };
      const state = withSourceLinked(newProduct(orgId, input, sku, ids, new Date()), ids.variantId, true);
      try {
        return await this.writer.create(state);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const made = await this.products.read(orgId, ids.productId);
        if (!made) throw err;
        if (!made.deletedAt && defaultVariant(made)) return made;
      }
    }
  }

  /**
   * GET /products/family-candidates: a page of candidate groups in order of parent id, then
   * channel, after the cursor's group. Reads listings with a parent in batches from the index
   * (a group cut by a batch's end read whole by its key), then each batch's products by `_id`,
   * and stops at `limit` candidates or after FAMILY_SCAN_LISTINGS listings (a short page, its
   * `next` after the last group read), so a call costs about a page however many listings the
   * organization has.
   */
  async familyCandidates(orgId: string, query: FamilyCandidateQuery): Promise<CandidatePage> {
    let after = query.startingAfter === undefined ? undefined : decodeGroupCursor(query.startingAfter);
    const data: FamilyCandidate[] = [];
    let read = 0;
    // A first batch of about what the page needs (two listings a group), doubling up to FAMILY_BATCH.
    let size = Math.min(FAMILY_BATCH, query.limit * 2 + 1);
    while (data.length < query.limit) {
      if (read >= FAMILY_SCAN_LISTINGS) return { data, next: encodeGroupCursor(after!) };
      const batch = await this.listings.withParents(orgId, size, after);
      read += batch.length;
      if (batch.length === 0) return { data, next: null };
      const groups = groupsOf(batch);
      const full = batch.length === size;
      if (full) {
        const last = groups.pop()!;
        groups.push({ key: last.key, listings: await this.listings.parentGroup(orgId, last.key) });
      }
      size = Math.min(FAMILY_BATCH, size * 2);
      // Only a group of two or more products can be a candidate: the others' products are not read.
      const wanted = groups.filter((g) => new Set(g.listings.map((l) => l.productId)).size >= 2);
      const products = await this.queries.candidates(
        orgId,
        wanted.flatMap((g) => g.listings.map((l) => l.productId)),
      );
      for (const group of groups) {
        after = group.key;
        data.push(...familyCandidates(group.listings, products));
        if (data.length === query.limit) return { data, next: encodeGroupCursor(after) };
      }
      if (!full) return { data, next: null };
    }
    return { data, next: after ? encodeGroupCursor(after) : null };
  }
}

/**
 * Listings one read of family candidates takes at most; a call stops reading after
 * FAMILY_SCAN_LISTINGS (then a short page; one batch may pass it).
 */
const FAMILY_BATCH = 500;
export const FAMILY_SCAN_LISTINGS = 5_000;

interface CandidatePage {
  data: FamilyCandidate[];
  /** The cursor after the last group read, null when none follow. */
  next: string | null;
}

/** Consecutive listings of one parent on one channel, in the order read. */
function groupsOf(rows: ReadonlyArray<ParentGroupKey & { productId: string }>) {
  const groups: { key: ParentGroupKey; listings: (ParentGroupKey & { productId: string })[] }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.key.externalParentId === row.externalParentId && last.key.channelId === row.channelId) {
      last.listings.push(row);
    } else {
      groups.push({ key: { externalParentId: row.externalParentId, channelId: row.channelId }, listings: [row] });
    }
  }
  return groups;
}

/** A group's cursor: base64url of its key as JSON. */
const encodeGroupCursor = (key: ParentGroupKey) =>
  Buffer.from(JSON.stringify([key.externalParentId, key.channelId])).toString('base64url');

function decodeGroupCursor(cursor: string): ParentGroupKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      const key = { externalParentId: value[0] as string, channelId: value[1] as string };
      if (encodeGroupCursor(key) === cursor) return key;
    }
  } catch {
    // not JSON: refused below
  }
  throw errors.validation_failed('Invalid query', [
    { field: 'startingAfter', code: 'invalid_cursor', message: 'not a cursor this list gave (use the `next` link)' },
  ]);
}
