import { sendAcrossCrash } from '@stockyard/testkit';
import { eventOf } from './support/catalog';
import { startCatalogWithPeers, type CatalogWithPeers } from './support/catalog-with-peers';

const ORG = 'org_default_variant';

/**
 * POST /products/{id}/variants on a product whose only variant is the default POST /products
 * made: the first variant replaces it unless something uses it (README, Decisions).
 */
describe('POST /products/{id}/variants and the default variant', () => {
  let c: CatalogWithPeers;
  beforeAll(async () => {
    c = await startCatalogWithPeers(ORG);
  });
  afterAll(() => c.closeAll());

  it('leaves exactly the two variants added: the first takes the untouched default’s place', async () => {
    const p = await c.product({ name: 'Tee', sku: 'TEE', price: 15, cost: 6 });
    const defaultId = c.variantOf(p);
    const red = await c.request('POST', `/products/${p.id}/variants`, { sku: 'TEE-RED', options: { color: 'Red' } });
    expect(red.status).toBe(201);
    expect(red.body).toMatchObject({ sku: 'TEE-RED', price: 15, cost: 6, position: 0, isDefault: true });
    const blue = await c.request('POST', `/products/${p.id}/variants`, { sku: 'TEE-BLUE', options: { color: 'Blue' } });
    expect(blue.status).toBe(201);
    expect(blue.body).toMatchObject({ sku: 'TEE-BLUE', position: 1, isDefault: false });

    const product = await c.request('GET', `/products/${p.id}`);
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ sku: 'TEE-RED', price: 15 });
    expect(product.body.variants.map((v: { sku: string; isDefault: boolean }) => [v.sku, v.isDefault])).toEqual([
      ['TEE-RED', true],
      ['TEE-BLUE', false],
    ]);
    expect((await c.request('GET', `/variants?productId=${p.id}`)).body.total).toBe(2);
    expect((await c.request('GET', `/variants/${defaultId}`)).status).toBe(404);
    // The retired default gave its SKU back: another product may take it.
    expect((await c.request('POST', '/products', { name: 'Other tee', sku: 'TEE' })).status).toBe(201);

    await eventOf(c, 'variant.deleted', { variantId: defaultId });
    await eventOf(c, 'variant.upserted', { variantId: red.body.id, sku: 'TEE-RED' });
    const updated = await eventOf(c, 'product.updated', { productId: p.id, deleted: false });
    expect(updated.payload.changes).toEqual(expect.arrayContaining(['sku', 'variants']));
  });

  it('keeps a default with stock, and one whose stock went back to 0: the variant joins it (not default)', async () => {
    for (const moves of [[4], [3, -3]]) {
      const p = await c.product({ name: `Stocked ${moves.join(' ')}`, sku: `STOCKED-${moves.length}` });
      for (const quantity of moves) await c.adjust(c.variantOf(p), quantity);
      const added = await c.addVariant(p.id, { sku: `STOCKED-${moves.length}-B`, options: { size: 'L' } });
      expect(added).toMatchObject({ position: 1, isDefault: false });
      expect((await c.variantsOf(p.id)).map((v) => [v.id, v.isDefault])).toEqual([
        [c.variantOf(p), true],
        [added.id, false],
      ]);
    }
  });

  it('keeps a default an open order hold, a channel listing, a bundle or a supplier offer uses', async () => {
    const held = await c.product({ name: 'Held', sku: 'USE-HELD' });
    c.orders.held.set(c.variantOf(held), 1);
    const listed = await c.product({ name: 'Listed', sku: 'USE-LISTED' });
    const channel = (await c.request('POST', '/channels', { name: 'Shop', platform: 'API' })).body;
    const listing = { productId: listed.id, variantId: c.variantOf(listed), externalProductId: 'EXT-1' };
    expect((await c.request('POST', `/channels/${channel.id}/listings`, { listings: [listing] })).status).toBe(200);
    const part = await c.product({ name: 'Part', sku: 'USE-PART' });
    await c.product({ type: 'BUNDLE', name: 'Kit', components: [{ variantId: c.variantOf(part), quantity: 2 }] });
    const offered = await c.product({ name: 'Offered', sku: 'USE-OFFERED' });
    const source = (await c.request('POST', '/sources', { name: 'Supplier' })).body;
    const offer = { sku: 'SUP-1', variantId: c.variantOf(offered) };
    expect((await c.request('POST', `/sources/${source.id}/skus`, { skus: [offer] })).status).toBe(200);

    for (const p of [held, listed, part, offered]) {
      const added = await c.addVariant(p.id, { sku: `${p.sku}-2`, options: { size: 'XL' } });
      expect([p.sku, added.isDefault]).toEqual([p.sku, false]);
      expect([p.sku, (await c.variantsOf(p.id)).map((v) => v.sku)]).toEqual([p.sku, [p.sku, `${p.sku}-2`]]);
    }
  });

  it('keeps a default given options of its own: it is a variant, not the placeholder', async () => {
    const p = await c.product({ name: 'Cap', sku: 'CAP' });
    expect((await c.request('PATCH', `/variants/${c.variantOf(p)}`, { options: { size: 'S' } })).status).toBe(200);
    const m = await c.addVariant(p.id, { sku: 'CAP-M', options: { size: 'M' } });
    expect(m.isDefault).toBe(false);
    expect((await c.variantsOf(p.id)).map((v) => v.sku)).toEqual(['CAP', 'CAP-M']);
  });

  it('keeps the default while orders does not answer; the sweep retires it once orders does', async () => {
    const p = await c.product({ name: 'Mug', sku: 'MUG' });
    const defaultId = c.variantOf(p);
    c.orders.down = true;
    const added = await c.addVariant(p.id, { sku: 'MUG-BIG', options: { size: 'Big' } });
    expect(added.isDefault).toBe(false);
    const reviews = c.connection.collection('default_variant_reviews');
    expect(await reviews.findOne({ productId: p.id })).toMatchObject({ orgId: ORG, variantId: defaultId });

    await c.sweep(); // orders still down: kept, still under review
    expect((await c.variantsOf(p.id)).map((v) => v.sku)).toEqual(['MUG', 'MUG-BIG']);
    expect(await reviews.countDocuments({ productId: p.id })).toBe(1);

    c.orders.down = false;
    await c.sweep();
    expect((await c.variantsOf(p.id)).map((v) => [v.sku, v.isDefault])).toEqual([['MUG-BIG', true]]);
    expect(await reviews.countDocuments({ productId: p.id })).toBe(0);
    await eventOf(c, 'variant.deleted', { variantId: defaultId });
  });

  it('leaves to the sweep a default an add did not check (it read the product before another wrote)', async () => {
    const p = await c.product({ name: 'Pen', sku: 'PEN' });
    c.orders.held.set(c.variantOf(p), 1);
    const blue = await c.addVariant(p.id, { sku: 'PEN-BLUE', options: { ink: 'Blue' } }); // kept: held
    c.orders.held.delete(c.variantOf(p));
    const other = await c.replica();
    expect((await other.request('DELETE', `/variants/${blue.id}`)).status).toBe(204);
    // This process still remembers the default beside PEN-BLUE: it asks nothing and adds beside it.
    const red = await c.addVariant(p.id, { sku: 'PEN-RED', options: { ink: 'Red' } });
    expect(red.isDefault).toBe(false);
    const reviews = c.connection.collection('default_variant_reviews');
    expect(await reviews.findOne({ productId: p.id })).toMatchObject({ variantId: c.variantOf(p) });
    await c.sweep();
    expect((await c.variantsOf(p.id)).map((v) => [v.sku, v.isDefault])).toEqual([['PEN-RED', true]]);
    await other.close();
  });

  it('adds one variant and retires the default once when a keyed add runs again after a crash', async () => {
    const p = await c.product({ name: 'Bag', sku: 'BAG' });
    const send = () =>
      c.request(
        'POST',
        `/products/${p.id}/variants`,
        { options: { size: 'S' } },
        { headers: { 'idempotency-key': 'dv-rerun' } },
      );
    const [first, rerun] = await sendAcrossCrash(c.connection, 'dv-rerun', send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    expect(first.body).toMatchObject({ isDefault: true, position: 0 });
    expect((await c.variantsOf(p.id)).map((v) => v.id)).toEqual([first.body.id]);
    // Only the new variant's generated SKU is held: BAG went with the default, the rerun's own SKU was given back.
    expect(await c.connection.collection('sku_claims').countDocuments({ productId: p.id })).toBe(1);
  });
});
