import { eventually } from '@stockyard/testkit';
import { csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_costs';
/** More products than one bulk write of the kit's batched change takes (50). */
const PRODUCTS = 70;

describe('an import whose rows move linked variants costs', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG);
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('moves every linked cost in one batched change: a product per decision, an event per moved cost', async () => {
    const category = await h.request('POST', '/categories', {
      name: 'Needs a GTIN',
      template: { coreFields: ['gtin'], customFields: [] },
    });
    expect(category.status).toBe(201);
    const variants: { productId: string; variantId: string; inCategory: boolean }[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const inCategory = i % 2 === 0;
      const p = await h.product({
        name: `Part ${i}`,
        cost: 1,
        ...(inCategory ? { categoryId: category.body.id } : {}),
      });
      variants.push({ productId: p.id, variantId: p.variants[0].id, inCategory });
    }
    // One product with a second variant: both of its costs move in its one decision.
    const second = await h.request('POST', `/products/${variants[1]!.productId}/variants`, { name: 'Large', cost: 1 });
    expect(second.status).toBe(201);
    variants.push({ productId: variants[1]!.productId, variantId: second.body.id, inCategory: false });
    await h.skus(
      sourceId,
      variants.map((v, i) => ({ sku: `C-${i}`, cost: 1, variantId: v.variantId })),
    );
    const rows = variants.map((_, i) => [`C-${i}`, `Part ${i}`, '2', '5', '']);
    const before = h.events.length;
    const res = await h.postCsv(`/sources/${sourceId}/imports`, csv(rows));
    expect(res.status).toBe(202);
    expect(await h.finished(res.body.id)).toMatchObject({
      status: 'COMPLETED',
      counts: { created: 0, updated: variants.length, unchanged: 0, rejected: 0 },
      variantCostsChanged: variants.length,
    });
    for (const v of variants) {
      expect((await h.request('GET', `/variants/${v.variantId}`)).body.cost).toBe(2);
      const event = await eventually(() =>
        h.named('variant.cost_changed').find((e) => e.payload.variantId === v.variantId),
      );
      expect(event.payload).toMatchObject({ oldCost: 1, newCost: 2 });
    }
    // Settled on its category's template (which asks for a GTIN): the new cost makes it no more enriched.
    for (const v of variants.filter((x) => x.inCategory)) {
      expect((await h.request('GET', `/products/${v.productId}`)).body).toMatchObject({ cost: 2, enriched: false });
    }
    await new Promise((r) => setTimeout(r, 300));
    const ids = new Set(variants.map((v) => v.variantId));
    expect(h.named('variant.cost_changed').filter((e) => ids.has(e.payload.variantId))).toHaveLength(variants.length);
    const products = new Set(variants.map((v) => v.productId));
    const updated = h.events.slice(before).filter((e) => e.name === 'product.updated');
    expect(updated.filter((e) => products.has(e.payload.productId))).toEqual([]);
  });
});
