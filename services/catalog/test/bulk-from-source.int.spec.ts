import { eventually } from '@stockyard/testkit';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_bulk_from_source';

describe('POST /products/bulk-from-source', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());

  it('makes a SIMPLE product per SKU from the offer, links it, and skips what is linked or unknown', async () => {
    const sourceId = (await h.source()).id;
    await h.skus(sourceId, [
      { sku: 'K-1', name: 'Knob', cost: 1.5, upc: '0042' },
      { sku: 'K-2', cost: 2 },
    ]);
    const res = await h.request('POST', '/products/bulk-from-source', {
      sourceChannelId: sourceId,
      skus: ['K-1', 'K-2', 'K-9'],
    });
    expect(res.status).toBe(201);
    expect(res.body.created).toHaveLength(2);
    expect(res.body.skipped).toEqual([{ sku: 'K-9', reason: 'sku_not_found' }]);
    const made = res.body.created[0];
    const product = (await h.request('GET', `/products/${made.productId}`)).body;
    expect(product).toMatchObject({ type: 'SIMPLE', name: 'Knob', sku: 'K-1', cost: 1.5, upc: '0042', matched: true });
    expect(product.variants[0].id).toBe(made.variantId);
    const sku = (await h.request('GET', `/sources/${sourceId}/skus?sku=K-1`)).body.data[0];
    expect(sku).toMatchObject({ variantId: made.variantId, preferred: true });
    await eventually(() => h.named('product.created').find((e) => e.payload.productId === made.productId));
    expect((await h.request('GET', `/products/${res.body.created[1].productId}`)).body.name).toBe('K-2');

    const again = await h.request('POST', '/products/bulk-from-source', { sourceChannelId: sourceId, skus: ['K-1'] });
    expect(again.body).toMatchObject({ created: [], skipped: [{ sku: 'K-1', reason: 'already_linked' }] });
  });

  it('takes every unlinked SKU with all: true, a page at a time', async () => {
    const sourceId = (await h.source({ name: 'Pages' })).id;
    await h.skus(sourceId, [{ sku: 'P-1' }, { sku: 'P-2' }, { sku: 'P-3' }]);
    const res = await h.request('POST', '/products/bulk-from-source', { sourceChannelId: sourceId, all: true });
    expect(res.body.created.map((c: { sku: string }) => c.sku)).toEqual(['P-1', 'P-2', 'P-3']);
    expect(res.body).toMatchObject({ remaining: 0, next: null });
  });

  it("skips a SKU that a live product already has (sku_taken), and 404s another organization's source", async () => {
    const sourceId = (await h.source({ name: 'Taken' })).id;
    await h.product({ name: 'Existing', sku: 'T-1' });
    await h.skus(sourceId, [{ sku: 'T-1' }]);
    const res = await h.request('POST', '/products/bulk-from-source', { sourceChannelId: sourceId, skus: ['T-1'] });
    expect(res.body.skipped).toEqual([{ sku: 'T-1', reason: 'sku_taken' }]);
    const other = await h.request(
      'POST',
      '/products/bulk-from-source',
      { sourceChannelId: sourceId, all: true },
      { orgId: 'org_other' },
    );
    expect(other.status).toBe(404);
  });

  it('makes a new product for a SKU whose earlier products were trashed and the SKU unlinked', async () => {
    const sourceId = (await h.source({ name: 'Again' })).id;
    await h.skus(sourceId, [{ sku: 'A-1', name: 'Anvil', cost: 9 }]);
    const body = { sourceChannelId: sourceId, skus: ['A-1'] };
    const made = [(await h.request('POST', '/products/bulk-from-source', body)).body.created[0]];
    for (const round of [1, 2]) {
      const before = made[round - 1];
      expect((await h.request('DELETE', `/products/${before.productId}`)).status).toBe(204);
      const patch = { variantId: null };
      expect((await h.request('PATCH', `/sources/${sourceId}/skus/${before.sourceSkuId}`, patch)).status).toBe(200);

      const res = await h.request('POST', '/products/bulk-from-source', body);
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([]);
      const next = res.body.created[0];
      expect(next).toMatchObject({ sku: 'A-1', sourceSkuId: before.sourceSkuId });
      expect(made.map((m) => m.productId)).not.toContain(next.productId);
      expect(made.map((m) => m.variantId)).not.toContain(next.variantId);
      made.push(next);
      const product = (await h.request('GET', `/products/${next.productId}`)).body;
      expect(product).toMatchObject({ name: 'Anvil', sku: 'A-1', cost: 9, matched: true, deletedAt: null });
      expect((await h.request('GET', `/sources/${sourceId}/skus?sku=A-1`)).body.data[0]).toMatchObject({
        variantId: next.variantId,
        preferred: true,
      });
      expect((await h.request('GET', `/products/${before.productId}`)).body.deletedAt).toEqual(expect.any(String));
    }
  });
});
