import type { SourceSkuState } from '../domain/source-sku';
import type { SourceSkuReads } from './source-sku.repository';

/** What an import needs to know of a stored SKU, compactly (about 300 bytes each with its key and map slot). */
interface Entry {
  id: string;
  name: string | null;
  cost: number | null;
  availableQuantity: number | null;
  upc: string | null;
  variantId: string | null;
  productId: string | null;
  preferred: boolean;
  createdAt: number;
}

/**
 * The source's stored SKUs, read in one pass when a job starts (or resumes) and kept up to date
 * by the job's own writes. One scan instead of a read per row: FerretDB reads a batch of
 * `$in` ids by scanning the collection, and a read per row costs a round trip and about a
 * millisecond of its CPU (README, "Supplier feed import"). Memory grows with the source's SKU
 * count, never with the file: 29 MB for 100,000 SKUs (heap after GC, measured 2026-11-24).
 */
export class SkuIndex {
  private readonly entries = new Map<string, Entry>();

  private constructor(
    private readonly orgId: string,
    private readonly sourceChannelId: string,
  ) {}

  static async load(skus: SourceSkuReads, orgId: string, sourceChannelId: string): Promise<SkuIndex> {
    const index = new SkuIndex(orgId, sourceChannelId);
    for await (const state of skus.scan(orgId, sourceChannelId)) index.set(state);
    return index;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sku: string): SourceSkuState | undefined {
    const e = this.entries.get(sku);
    if (!e) return undefined;
    const createdAt = new Date(e.createdAt);
    return { ...e, orgId: this.orgId, sourceChannelId: this.sourceChannelId, sku, createdAt, updatedAt: createdAt };
  }

  set(s: SourceSkuState): void {
    this.entries.set(s.sku, {
      id: s.id,
      name: s.name,
      cost: s.cost,
      availableQuantity: s.availableQuantity,
      upc: s.upc,
      variantId: s.variantId,
      productId: s.productId,
      preferred: s.preferred,
      createdAt: s.createdAt.getTime(),
    });
  }
}
