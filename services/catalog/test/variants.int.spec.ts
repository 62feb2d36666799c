import { sendAcrossCrash } from '@stockyard/testkit';
import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('/variants', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_variants');
  });
  afterAll(() => c.close());

  it('adds one variant, with one generated SKU, when a keyed add runs again after a crash', async () => {
    const p = await c.product({ name: 'Cap', sku: 'RERUN-CAP' });
    const send = () =>
      c.request(
        'POST',
        `/products/${p.id}/variants`,
        { options: { size: 'S' } },
        { headers: { 'idempotency-key': 'var-rerun' } },
      );
    const [first, rerun] = await sendAcrossCrash(c.connection, 'var-rerun', send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    expect((await c.request('GET', `/variants?productId=${p.id}`)).body.data).toHaveLength(2);
    // The rerun's own generated SKU was given back: only the two variants' SKUs are held.
    expect(await c.connection.collection('sku_claims').countDocuments({ productId: p.id })).toBe(2);
  });

  it('adds a variant with options (201) and a generated SKU, readable by id and listed by product', async () => {
    const p = await c.product({ name: 'Tee', sku: 'TEE', price: 15 });
    const res = await c.request('POST', `/products/${p.id}/variants`, { options: { size: 'M' }, sku: 'TEE-M' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      productId: p.id,
      sku: 'TEE-M',
      options: { size: 'M' },
      price: 15,
      isDefault: false,
    });
    const generated = await c.request('POST', `/products/${p.id}/variants`, { options: { size: 'L' } });
    expect(generated.status).toBe(201);
    expect(generated.body.sku).toMatch(/^SKU-\d{6}$/);
    expect((await c.request('GET', `/variants/${res.body.id}`)).body.sku).toBe('TEE-M');
    const list = await c.request('GET', `/variants?productId=${p.id}`);
    expect(list.body.data.map((v: { sku: string }) => v.sku)).toEqual(['TEE', 'TEE-M', generated.body.sku]);
    expect((await c.request('GET', '/variants?sku=tee-m')).body.data).toHaveLength(1);
    const upserted = await eventOf(c, 'variant.upserted', { variantId: res.body.id });
    expect(upserted.payload.name).toBe('Tee - M');
  });

  it('patches a variant; a cost change sends variant.cost_changed; the default one moves the product', async () => {
    const p = await c.product({ name: 'Mug', sku: 'MUG', price: 9, cost: 3 });
    const res = await c.request('PATCH', `/variants/${p.variants[0].id}`, { cost: 3.5, sku: 'MUG-1' });
    expect(res.status).toBe(200);
    expect((await c.request('GET', `/products/${p.id}`)).body).toMatchObject({ sku: 'MUG-1', cost: 3.5 });
    await eventOf(c, 'variant.cost_changed', { variantId: p.variants[0].id, oldCost: 3, newCost: 3.5 });
  });

  it('deletes a variant softly (204, variant.deleted) but never the last one (409 last_variant)', async () => {
    const p = await c.product({ name: 'Cap', sku: 'CAP' });
    const extra = (await c.request('POST', `/products/${p.id}/variants`, { sku: 'CAP-2' })).body;
    expect((await c.request('DELETE', `/variants/${extra.id}`)).status).toBe(204);
    expect((await c.request('GET', `/variants/${extra.id}`)).status).toBe(404);
    await eventOf(c, 'variant.deleted', { variantId: extra.id });
    const last = await c.request('DELETE', `/variants/${p.variants[0].id}`);
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_variant');
  });

  it('refuses deleting a variant a bundle uses (409 variant_in_use)', async () => {
    const part = await c.product({ name: 'Part' });
    const second = (await c.request('POST', `/products/${part.id}/variants`, { sku: 'PART-2' })).body;
    await c.product({ type: 'BUNDLE', name: 'Kit', components: [{ variantId: second.id, quantity: 1 }] });
    const res = await c.request('DELETE', `/variants/${second.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('variant_in_use');
  });

  it("refuses a FAMILY's variant (422 family_has_no_variants) and one SKU twice (422 duplicate_sku)", async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Fam' });
    const res = await c.request('POST', `/products/${family.id}/variants`, { sku: 'FAM-1' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('family_has_no_variants');
    const p = await c.product({ sku: 'OWNER' });
    const taken = await c.request('POST', `/products/${p.id}/variants`, { sku: 'OWNER' });
    expect(taken.status).toBe(422);
    expect(taken.body.error.code).toBe('duplicate_sku');
  });

  it("answers 404 for another organization's variant", async () => {
    const p = await c.product({});
    const res = await c.request('GET', `/variants/${p.variants[0].id}`, undefined, { orgId: 'org_intruder' });
    expect(res.status).toBe(404);
  });
});
