import type { Page, SourceSkuInput, UpdateSourceSku } from '@stockyard/contracts';
import {
  applyLink,
  applyOffer,
  costTarget,
  sourceSkuId,
  type CostTarget,
  type SkuOutcome,
  type SourceSkuState,
} from '../domain/source-sku';
import type { SkuWrite, SourceSkuReads, SourceSkuStore, SourceSkuWrites } from '../store/source-sku.repository';
import type { SourceReads } from '../store/source.repository';
import type { CostFollower } from './cost-follower';
import type { OfferLinks } from './offer-links';

type SkuChange = SourceSkuInput;

/** Source SKUs through the API: list, upsert in bulk, patch, delete. */
export class SourceSkuCommands {
  constructor(
    private readonly sources: SourceReads,
    private readonly store: SourceSkuStore,
    private readonly skus: SourceSkuReads,
    private readonly writes: SourceSkuWrites,
    private readonly links: OfferLinks,
    private readonly costs: CostFollower,
  ) {}

  async list(orgId: string, sourceChannelId: string, filter: Parameters<SourceSkuReads['list']>[2], page: Page) {
    await this.sources.get(orgId, sourceChannelId);
    return this.skus.list(orgId, sourceChannelId, filter, page);
  }

  /** Upserts by SKU; every variant named must exist (422 before anything is written). */
  async upsert(orgId: string, sourceChannelId: string, inputs: SkuChange[]) {
    await this.sources.writable(orgId, sourceChannelId);
    const products = await this.links.resolve(
      orgId,
      inputs.flatMap((i) => (i.variantId ? [i.variantId] : [])),
    );
    const results = await this.store.exclusive(
      orgId,
      inputs.map((i) => sourceSkuId(sourceChannelId, i.sku)),
      async () => {
        const stored = await this.skus.bySkus(
          orgId,
          sourceChannelId,
          inputs.map((i) => i.sku),
        );
        const planned: { write: SkuWrite; outcome: SkuOutcome }[] = [];
        for (const input of inputs)
          planned.push(await this.plan(orgId, sourceChannelId, stored.get(input.sku), input, products));
        const writes = planned.map((p) => p.write);
        await this.writes.write(writes);
        return { planned, writes };
      },
    );
    await this.after(orgId, results.writes);
    const count = (o: SkuOutcome) => results.planned.filter((p) => p.outcome === o).length;
    return {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      data: results.writes.map((w) => w.next),
    };
  }

  async update(orgId: string, sourceChannelId: string, id: string, patch: UpdateSourceSku): Promise<SourceSkuState> {
    await this.sources.writable(orgId, sourceChannelId);
    const { sku } = await this.skus.get(orgId, sourceChannelId, id);
    const [saved] = (await this.upsert(orgId, sourceChannelId, [{ ...patch, sku }])).data;
    return saved!;
  }

  async delete(orgId: string, sourceChannelId: string, id: string): Promise<void> {
    await this.sources.writable(orgId, sourceChannelId);
    const before = await this.store.exclusive(orgId, [id], async () => {
      const current = await this.skus.get(orgId, sourceChannelId, id);
      await this.writes.delete(orgId, id);
      return current;
    });
    // Gone is unlinked as far as the variant is concerned.
    await this.links.settle(orgId, [
      { before, next: { ...before, variantId: null, productId: null, preferred: false } },
    ]);
  }

  /** One SKU's new state: the supplier's fields, then the link. */
  private async plan(
    orgId: string,
    sourceChannelId: string,
    current: SourceSkuState | undefined,
    input: SkuChange,
    products: Map<string, string>,
  ): Promise<{ write: SkuWrite; outcome: SkuOutcome }> {
    const now = new Date();
    const { next: offered, outcome } = applyOffer(orgId, sourceChannelId, input.sku, current, input, now);
    const variantId = input.variantId === undefined ? offered.variantId : input.variantId;
    const hasPreferred =
      variantId !== null && variantId !== offered.variantId
        ? await this.links.hasPreferred(orgId, variantId, offered.id)
        : false;
    const variant = variantId ? { productId: products.get(variantId) ?? offered.productId! } : undefined;
    const next = applyLink(offered, input, variant, hasPreferred, now);
    const moved = outcome === 'unchanged' && next !== offered ? 'updated' : outcome;
    return { write: { before: current, next }, outcome: moved };
  }

  /** After the SKU writes: preferred marks and link flags, then costs that follow preferred offers. */
  private async after(orgId: string, writes: SkuWrite[]): Promise<void> {
    await this.links.settle(orgId, writes);
    const targets = writes.map((w) => costTarget(w.before, w.next)).filter((t): t is CostTarget => t !== undefined);
    await this.costs.follow(orgId, targets);
  }
}
