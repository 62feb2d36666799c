import { isDuplicateKeyError, KeyedMutex, UniqueClaims } from '@stockyard/service-kit';
import { skuKey } from '../domain/product-derived';
import { skuTaken } from '../domain/product.errors';
import type { ProductModel } from './product.model';
import type { SkuClaimModel } from './sku-claim.model';
import type { SkuSequenceModel } from './sku-sequence.model';

/** Generated SKU numbers a process takes from its organization's sequence at once (gaps are fine). */
const BLOCK = 20;

/**
 * The per-organization SKU guard: a SKU is claimed by one product (its own SKU and its
 * variants') through the kit's UniqueClaims; a claim whose holder is gone, trashed or no
 * longer uses the SKU is taken over. Generated SKUs come from a per-organization sequence.
 */
export class SkuRegistry {
  private readonly blocks = new Map<string, { next: number; end: number }>();
  private readonly sequenceLock = new KeyedMutex();

  /** The SKU claims the product store writes through (its unique values). */
  readonly claims: UniqueClaims;

  constructor(
    claims: SkuClaimModel,
    private readonly sequences: SkuSequenceModel,
    products: ProductModel,
  ) {
    this.claims = new UniqueClaims({
      collection: claims.collection,
      keyOf: skuKey,
      holderField: 'productId',
      valueField: 'sku',
      stillHolds: async (orgId, productId, key) => {
        const holder = await products.collection.findOne({ _id: productId } as never);
        return (
          !!holder && holder.orgId === orgId && holder.deletedAt === null && (holder.skuKeys as string[]).includes(key)
        );
      },
      taken: skuTaken,
    });
  }

  /**
   * Claims each SKU for the product; answers the keys newly claimed (release them if the
   * write that needs them fails). 409 `sku_taken` (and nothing claimed) when one is held.
   */
  claim(orgId: string, productId: string, skus: string[]): Promise<string[]> {
    return this.claims.claim(orgId, productId, skus);
  }

  /** Gives up the product's claims on these keys (another product's claims are left alone). */
  release(orgId: string, productId: string, keys: string[]): Promise<void> {
    return this.claims.release(orgId, productId, keys);
  }

  /** `release` for many products in one delete: the keys by product. */
  releaseMany(orgId: string, keysByProduct: ReadonlyMap<string, string[]>): Promise<void> {
    return this.claims.releaseMany(orgId, keysByProduct);
  }

  /** The product holding each SKU (by key), for the SKUs someone holds. */
  holders(orgId: string, skus: string[]): Promise<Map<string, string>> {
    return this.claims.holders(orgId, skus);
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
