import { metricsRegistry } from '@stockyard/service-kit/ops';
import { eventually } from '@stockyard/testkit';
import { csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_costs';
/** More products than one bulk write of the kit's batched change takes (50). */
const PRODUCTS = 70;

/** An upload import metric's value (`rows_total`, or the `done` runs' `duration_seconds_count`), 0 before any. */
async function importMetric(name: 'rows_total' | 'duration_seconds_count'): Promise<number> {
  const text = await metricsRegistry.metrics();
  const labels = name === 'rows_total' ? '{origin="upload"}' : '{origin="upload",outcome="done"}';
  const line = text.split('\n').find((l) => l.startsWith(`stockyard_import_${name}${labels}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

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
    const [rowsBefore, runsBefore] = [await importMetric('rows_total'), await importMetric('duration_seconds_count')];
    const res = await h.postCsv(`/sources/${sourceId}/imports`, csv(rows));
    expect(res.status).toBe(202);
    expect(await h.finished(res.body.id)).toMatchObject({
      status: 'COMPLETED',
      counts: { created: 0, updated: variants.length, unchanged: 0, rejected: 0 },
      variantCostsChanged: variants.length,
    });
    // The workers' metrics: rows applied, and one run timed as done.
    expect((await importMetric('rows_total')) - rowsBefore).toBe(rows.length);
    expect((await importMetric('duration_seconds_count')) - runsBefore).toBe(1);
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
    // 70 products made one by one through HTTP, then imported: minutes on a loaded machine.
  }, 180_000);
});
