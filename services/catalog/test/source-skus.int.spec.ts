import { eventually } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_source_skus';

describe('/sources/{id}/skus', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG);
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('upserts by SKU: created, updated, unchanged; fields left out are kept', async () => {
    const first = await h.skus(sourceId, [
      { sku: 'S-1', name: 'Screw', cost: 0.2, availableQuantity: 500, upc: '111' },
      { sku: 'S-2', name: 'Nail' },
    ]);
    expect(first).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(first.data[0]).toMatchObject({ sourceChannelId: sourceId, sku: 'S-1', variantId: null, preferred: false });
    const second = await h.skus(sourceId, [
      { sku: 'S-1', cost: 0.25 },
      { sku: 'S-2', name: 'Nail' },
    ]);
    expect(second).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(second.data[0]).toMatchObject({ name: 'Screw', cost: 0.25, availableQuantity: 500, upc: '111' });
    const list = await h.request('GET', `/sources/${sourceId}/skus?linked=false`);
    expect(list.body.data.map((s: { sku: string }) => s.sku)).toEqual(['S-1', 'S-2']);
  });

  it("links offers: a variant's first is preferred, the variant matched, its cost the preferred one's", async () => {
    const product = await h.product({ name: 'Hinge', cost: 3 });
    const variantId = product.variants[0].id;
    const other = (await h.source({ name: 'Other Supply' })).id;
    const a = (await h.skus(sourceId, [{ sku: 'H-1', cost: 2.5, variantId }])).data[0];
    expect(a).toMatchObject({ variantId, preferred: true });
    const variant = await eventually(async () => {
      const v = (await h.request('GET', `/variants/${variantId}`)).body;
      return v.cost === 2.5 ? v : undefined;
    });
    expect(variant.cost).toBe(2.5);
    expect((await h.request('GET', `/products/${product.id}`)).body.matched).toBe(true);
    const cost = await eventually(() => h.named('variant.cost_changed').find((e) => e.payload.variantId === variantId));
    expect(cost.payload).toMatchObject({ oldCost: 3, newCost: 2.5 });

    const b = (await h.skus(other, [{ sku: 'H-1-B', cost: 2.1, variantId }])).data[0];
    expect(b.preferred).toBe(false);
    expect((await h.request('GET', `/variants/${variantId}`)).body.cost).toBe(2.5);
    const marked = await h.request('PATCH', `/sources/${other}/skus/${b.id}`, { preferred: true });
    expect(marked.body.preferred).toBe(true);
    expect((await h.request('GET', `/variants/${variantId}`)).body.cost).toBe(2.1);
    expect((await h.request('GET', `/sources/${sourceId}/skus?variantId=${variantId}`)).body.data[0].preferred).toBe(
      false,
    );
    expect(h.named('product.updated').filter((e) => e.payload.productId === product.id)).toEqual([]);
  });

  it('refuses a link to an unknown variant (422 variant_not_found), writing nothing', async () => {
    const res = await h.request('POST', `/sources/${sourceId}/skus`, {
      skus: [{ sku: 'Q-1' }, { sku: 'Q-2', variantId: 'var_nope' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('variant_not_found');
    expect((await h.request('GET', `/sources/${sourceId}/skus?sku=Q-1`)).body.total).toBe(0);
    const sku = (await h.skus(sourceId, [{ sku: 'Q-3' }])).data[0];
    const patch = await h.request('PATCH', `/sources/${sourceId}/skus/${sku.id}`, { variantId: 'var_nope' });
    expect(patch.status).toBe(422);
    expect(patch.body.error.code).toBe('variant_not_found');
  });

  it('unlinks on delete: the variant is no longer matched', async () => {
    const product = await h.product({ name: 'Latch' });
    const variantId = product.variants[0].id;
    const sku = (await h.skus(sourceId, [{ sku: 'L-1', variantId }])).data[0];
    expect((await h.request('GET', `/products/${product.id}`)).body.matched).toBe(true);
    expect((await h.request('DELETE', `/sources/${sourceId}/skus/${sku.id}`)).status).toBe(204);
    expect((await h.request('GET', `/products/${product.id}`)).body.matched).toBe(false);
    expect((await h.request('DELETE', `/sources/${sourceId}/skus/${sku.id}`)).status).toBe(404);
  });

  it("answers 404 for another source's SKU id", async () => {
    const sku = (await h.skus(sourceId, [{ sku: 'X-1' }])).data[0];
    const other = (await h.source({ name: 'Elsewhere' })).id;
    const res = await h.request('PATCH', `/sources/${other}/skus/${sku.id}`, { cost: 1 });
    expect(res.status).toBe(404);
  });
});
