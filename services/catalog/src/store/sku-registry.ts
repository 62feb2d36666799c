import { isDuplicateKeyError, KeyedMutex } from '@stockyard/service-kit';
import { skuKey } from '../domain/product-derived';
import { skuTaken } from '../domain/product.errors';
import type { ProductModel } from './product.model';
import type { SkuClaimModel } from './sku-claim.model';
import type { SkuSequenceModel } from './sku-sequence.model';

/**
 * A claim is written before its product's write; one younger than this may belong to a
 * write still in flight, so only older ones are checked for staleness.
 */
const STALE_AFTER_MS = 60_000;
const isStale = (createdAt: Date | undefined) => !createdAt || Date.now() - createdAt.getTime() > STALE_AFTER_MS;
const claimId = (orgId: string, key: string) => `${orgId}:${key}`;
/** Generated SKU numbers a process takes from its organization's sequence at once (gaps are fine). */
const BLOCK = 20;

/**
 * The per-organization SKU guard: a SKU is claimed by one product (its own SKU and its
 * variants') with a unique `_id` insert, atomic on FerretDB too. A claim whose holder is
 * gone, trashed or no longer uses the SKU (a crash between a write and its release) is
 * taken over. Generated SKUs come from a per-organization sequence.
 */
export class SkuRegistry {
  private readonly blocks = new Map<string, { next: number; end: number }>();
  private readonly sequenceLock = new KeyedMutex();

  constructor(
    private readonly claims: SkuClaimModel,
    private readonly sequences: SkuSequenceModel,
    private readonly products: ProductModel,
  ) {}

  /**
   * Claims each SKU for the product; answers the keys newly claimed (release them if the
   * write that needs them fails). 409 `sku_taken` (and nothing claimed) when one is held.
   */
  async claim(orgId: string, productId: string, skus: string[]): Promise<string[]> {
    const claimed: string[] = [];
    try {
      for (const sku of skus) {
        const key = skuKey(sku);
        if (await this.claimOne(orgId, productId, key, sku)) claimed.push(key);
      }
    } catch (err) {
      await this.release(orgId, productId, claimed);
      throw err;
    }
    return claimed;
  }

  /** Gives up the product's claims on these keys (another product's claims are left alone). */
  async release(orgId: string, productId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.claims.deleteMany({ _id: { $in: keys.map((k) => claimId(orgId, k)) }, productId });
  }

  /**
   * `release` for many products in one delete: the keys by product. A key a product gives up
   * was its own claim until now (no other product could hold it), so one filter covers them all.
   */
  async releaseMany(orgId: string, keysByProduct: ReadonlyMap<string, string[]>): Promise<void> {
    const ids = [...keysByProduct.values()].flat().map((k) => claimId(orgId, k));
    if (ids.length === 0) return;
    await this.claims.deleteMany({ _id: { $in: ids }, productId: { $in: [...keysByProduct.keys()] } });
  }

  /** The product holding each SKU (by key), for the SKUs someone holds. */
  async holders(orgId: string, skus: string[]): Promise<Map<string, string>> {
    if (skus.length === 0) return new Map();
    const ids = [...new Set(skus.map((s) => claimId(orgId, skuKey(s))))];
    const rows = await this.claims.collection.find({ _id: { $in: ids } } as never).toArray();
    return new Map(rows.map((r) => [String(r._id).slice(orgId.length + 1), r.productId as string]));
  }

  /** The next generated SKU that no one holds, claimed for the product. */
  async generate(orgId: string, productId: string): Promise<string> {
    for (;;) {
      const sku = `SKU-${String(await this.nextNumber(orgId)).padStart(6, '0')}`;
      try {
        await this.claim(orgId, productId, [sku]);
        return sku;
      } catch (err) {
        if ((err as { code?: string }).code !== 'sku_taken') throw err;
      }
    }
  }

  private async claimOne(orgId: string, productId: string, key: string, sku: string): Promise<boolean> {
    const _id = claimId(orgId, key);
    try {
      await this.claims.collection.insertOne({ _id, orgId, sku, productId, createdAt: new Date() } as never);
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const held = await this.claims.collection.findOne({ _id } as never);
    if (!held) return this.claimOne(orgId, productId, key, sku); // released meanwhile
    if (held.productId === productId) return false;
    if (!isStale(held.createdAt as Date) || (await this.stillUses(held.productId as string, key))) throw skuTaken(sku);
    const taken = await this.claims.updateOne(
      { _id, productId: held.productId },
      { $set: { productId, sku, createdAt: new Date() } },
    );
    if (taken.modifiedCount !== 1) throw skuTaken(sku);
    return true;
  }

  /** Whether the holder is a live product that still has the SKU (else its claim is stale). */
  private async stillUses(productId: string, key: string): Promise<boolean> {
    const holder = await this.products.collection.findOne({ _id: productId } as never);
    return !!holder && holder.deletedAt === null && (holder.skuKeys as string[]).includes(key);
  }

  private nextNumber(orgId: string): Promise<number> {
    return this.sequenceLock.run(orgId, async () => {
      let block = this.blocks.get(orgId);
      if (!block || block.next >= block.end) {
        const start = await this.takeBlock(orgId);
        block = { next: start, end: start + BLOCK };
        this.blocks.set(orgId, block);
      }
      return block.next++;
    });
  }

  /** Advances the organization's sequence by a block with a version-guarded update; answers its first number. */
  private async takeBlock(orgId: string): Promise<number> {
    for (;;) {
      const current = await this.sequences.collection.findOne({ _id: orgId } as never);
      if (!current) {
        try {
          await this.sequences.collection.insertOne({ _id: orgId, next: 1 + BLOCK, version: 1 } as never);
          return 1;
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          continue;
        }
      }
      const { next, version } = current as unknown as { next: number; version: number };
      const res = await this.sequences.updateOne(
        { _id: orgId, version },
        { $set: { next: next + BLOCK, version: version + 1 } },
      );
      if (res.modifiedCount === 1) return next;
    }
  }
}
