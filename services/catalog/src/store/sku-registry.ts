import { UniqueClaims } from '@stockyard/service-kit';
import { GeneratedNumbers } from '@stockyard/service-kit/store';
import { skuKey } from '../domain/product-derived';
import { skuTaken } from '../domain/product.errors';
import type { ProductModel } from './product.model';
import type { SkuClaimModel } from './sku-claim.model';
import type { SkuSequenceModel } from './sku-sequence.model';

/**
 * The per-organization SKU guard: a SKU is claimed by one product (its own SKU and its
 * variants') through the kit's UniqueClaims; a claim whose holder is gone, trashed or no
 * longer uses the SKU is taken over. Generated SKUs come from a per-organization sequence.
 */
export class SkuRegistry {
  /** The SKU claims the product store writes through (its unique values). */
  readonly claims: UniqueClaims;
  private readonly numbers: GeneratedNumbers;

  constructor(claims: SkuClaimModel, sequences: SkuSequenceModel, products: ProductModel) {
    this.numbers = new GeneratedNumbers(sequences.collection, 'SKU-');
    this.claims = new UniqueClaims({
      collection: claims.collection,
      keyOf: skuKey,
      holderField: 'productId',
      valueField: 'sku',
      holders: products.collection,
      holds: (product, key) => product.deletedAt === null && (product.skuKeys as string[]).includes(key),
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

  /** The product holding each SKU (by key), for the SKUs someone holds. */
  holders(orgId: string, skus: string[]): Promise<Map<string, string>> {
    return this.claims.holders(orgId, skus);
  }

  /** The next generated SKU that no one holds, claimed for the product. */
  generate(orgId: string, productId: string): Promise<string> {
    return this.numbers.firstFree(orgId, 'sku_taken', async (sku) => {
      await this.claim(orgId, productId, [sku]);
      return sku;
    });
  }
}
