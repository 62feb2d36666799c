import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import { asStorefront, infraEnv, startService } from '@stockyard/testkit';
import { inventory } from '../../inventory/src/app';
import { startChannels, type Channels } from './support/channels';
import { variantInInventory } from './support/inventory-peer';

const ORG = 'org_storefront';

/**
 * GET /storefront/products and /{id} with a storefront key's identity (its channel): the
 * channel's live, unarchived listed products with prices and availability from a real
 * inventory beside the catalog, nothing internal; everything else is 404.
 */
describe('the storefront product reads', () => {
  let inv: Awaited<ReturnType<typeof startService<never, never>>>;
  let h: Channels;
  let warehouseId: string;
  const exchange = `stockyard.test.storefront.${randomBytes(4).toString('hex')}`;
  let shop: string;
  let other: string;
  type Product = { id: string; variants: { id: string }[] };
  const p = {} as Record<'mug' | 'tee' | 'unpriced' | 'archived' | 'trashed' | 'unlisted' | 'elsewhere', Product>;

  const stock = async (variantId: string, quantity: number) => {
    await variantInInventory(inv, ORG, variantId);
    const res = await inv.request('POST', '/stock/adjust', { variantId, warehouseId, quantity, reason: 'test' });
    if (res.status !== 201 && res.status !== 200) throw new Error(`adjust: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const list = (channelId: string, query: Record<string, unknown> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return h.request('GET', `/storefront/products?${qs.toString()}`, undefined, {
      headers: asStorefront(ORG, channelId),
    });
  };
  const get = (id: string, channelId = shop, orgId = ORG) =>
    h.request('GET', `/storefront/products/${id}`, undefined, { headers: asStorefront(orgId, channelId) });
  const listOn = (channelId: string, products: { id: string }[]) =>
    h.request('POST', `/channels/${channelId}/listings`, {
      listings: products.map((x, i) => ({ productId: x.id, externalProductId: `${channelId}-${x.id}-${i}` })),
    });

  beforeAll(async () => {
    const permissions = ['warehouses.manage', 'stock.adjust'];
    inv = (await startService(inventory, { orgId: ORG, permissions, env: { EVENTS_EXCHANGE: exchange } })) as never;
    h = await startChannels(ORG, { env: { EVENTS_EXCHANGE: exchange, INVENTORY_URL: inv.url } });
    warehouseId = (await inv.request('POST', '/warehouses', { name: 'Main' })).body.id;
    shop = (await h.channel({ name: 'Web shop', platform: 'STOREFRONT' })).id;
    other = (await h.channel({ name: 'Other shop', platform: 'STOREFRONT' })).id;
    // Created one after the other: the list shows the newest first.
    p.mug = await h.product({ name: 'Mug', price: 8, cost: 3 });
    p.tee = await h.product({
      name: 'Tee',
      price: 20,
      cost: 9,
      description: 'Cotton',
      images: [{ url: 'https://x.test/t.png' }],
    });
    // Its first variant replaces the default one (README, Decisions): the tee has these two.
    const small = await h.request('POST', `/products/${p.tee.id}/variants`, {
      sku: 'SF-TEE-S',
      options: { size: 'S' },
    });
    expect(small.status).toBe(201);
    const medium = await h.request('POST', `/products/${p.tee.id}/variants`, {
      sku: 'SF-TEE-M',
      options: { size: 'M' },
      price: 22,
      cost: 10,
    });
    p.tee = (await h.request('GET', `/products/${p.tee.id}`)).body;
    expect(medium.status).toBe(201);
    p.unpriced = await h.product({ name: 'Unpriced' });
    p.archived = await h.product({ name: 'Archived', price: 5 });
    p.trashed = await h.product({ name: 'Trashed', price: 5 });
    p.unlisted = await h.product({ name: 'Unlisted', price: 5 });
    p.elsewhere = await h.product({ name: 'Elsewhere', price: 5 });
    await listOn(shop, [p.mug, p.tee, p.unpriced, p.archived, p.trashed]);
    await listOn(other, [p.elsewhere]);
    await h.request('POST', `/products/${p.archived.id}/archive`);
    await h.request('DELETE', `/products/${p.trashed.id}`);
    await stock(p.mug.variants[0]!.id, 3);
    await stock(p.tee.variants[0]!.id, 5);
    await stock(p.unpriced.variants[0]!.id, 4);
  });
  afterAll(async () => {
    await h?.close();
    await inv?.close();
    const connection = await amqp.connect(infraEnv().amqpUrl);
    await (await connection.createChannel()).deleteExchange(exchange);
    await connection.close();
  });

  it("lists the channel's live, unarchived products, newest first, with prices and availability only", async () => {
    const res = await list(shop);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([p.unpriced.id, p.tee.id, p.mug.id]);
    const tee = res.body.data[1];
    expect(Object.keys(tee).sort()).toEqual([
      'availableForSale',
      'createdAt',
      'description',
      'id',
      'images',
      'name',
      'price',
      'type',
      'updatedAt',
      'variants',
    ]);
    expect(tee).toMatchObject({
      type: 'SIMPLE',
      name: 'Tee',
      description: 'Cotton',
      images: [{ url: 'https://x.test/t.png', position: 0 }],
      price: 20,
      availableForSale: true,
    });
    expect(tee.variants).toEqual([
      {
        id: p.tee.variants[0]!.id,
        sku: 'SF-TEE-S',
        name: null,
        options: { size: 'S' },
        price: 20,
        position: 0,
        availableForSale: true,
      },
      {
        id: p.tee.variants[1]!.id,
        sku: 'SF-TEE-M',
        name: null,
        options: { size: 'M' },
        price: 22,
        position: 1,
        availableForSale: false,
      },
    ]);
    const text = JSON.stringify(res.body);
    for (const internal of ['cost', 'margin', 'sourceLinked', 'barcodes', 'customFields', 'brandId', 'archived'])
      expect(text).not.toContain(`"${internal}"`);
  });

  it('says a variant without a price cannot be bought, whatever its stock', async () => {
    const res = await get(p.unpriced.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: null, availableForSale: false });
    expect(res.body.variants[0]).toMatchObject({ price: null, availableForSale: false });
  });

  it('follows stock: a variant becomes available once it has some', async () => {
    await stock(p.tee.variants[1]!.id, 2);
    const res = await get(p.tee.id);
    expect(res.body.variants.map((v: { availableForSale: boolean }) => v.availableForSale)).toEqual([true, true]);
  });

  it('pages by limit and offset (take and skip too), with the total', async () => {
    const first = await list(shop, { limit: 2 });
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    const second = await list(shop, { take: 2, skip: 2 });
    expect(second.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    const ids = [...first.body.data, ...second.body.data].map((x: { id: string }) => x.id);
    expect(ids).toEqual([p.unpriced.id, p.tee.id, p.mug.id]);
    const tooMany = await list(shop, { limit: 201 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('validation_failed');
  });

  it('reads one listed product', async () => {
    const res = await get(p.mug.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.mug.id, name: 'Mug', price: 8, availableForSale: true });
    expect(res.body).not.toHaveProperty('cost');
  });

  it('answers 404 for a product not on the channel, archived, trashed, unknown, another organization’s', async () => {
    const refused = [
      await get(p.unlisted.id),
      await get(p.elsewhere.id),
      await get(p.archived.id),
      await get(p.trashed.id),
      await get('prd_storefront_unknown'),
      await get(p.mug.id, shop, 'org_storefront_other'),
    ];
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('resource_not_found');
    }
    expect((await list(other)).body.data.map((x: { id: string }) => x.id)).toEqual([p.elsewhere.id]);
    const foreign = await h.request('GET', '/storefront/products', undefined, {
      headers: asStorefront('org_storefront_other', shop),
    });
    expect(foreign.body).toMatchObject({ data: [], total: 0 });
  });

  it('refuses an identity without a channel (403 wrong_key_type)', async () => {
    for (const path of ['/storefront/products', `/storefront/products/${p.mug.id}`]) {
      const res = await h.request('GET', path);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('wrong_key_type');
    }
  });

  it('still answers while inventory does not, availability unknown (null)', async () => {
    const down = await startChannels('org_storefront_down', { env: { INVENTORY_URL: 'http://127.0.0.1:1' } });
    try {
      const channel = (await down.channel({ platform: 'STOREFRONT' })).id;
      const mug = await down.product({ name: 'Mug', price: 8 });
      const free = await down.product({ name: 'Free', sku: 'SF-FREE' });
      await down.request('POST', `/channels/${channel}/listings`, {
        listings: [mug, free].map((x) => ({ productId: x.id, externalProductId: x.id })),
      });
      const res = await down.request('GET', '/storefront/products', undefined, {
        headers: asStorefront('org_storefront_down', channel),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.map((x: { availableForSale: boolean | null }) => x.availableForSale)).toEqual([false, null]);
      const one = await down.request('GET', `/storefront/products/${mug.id}`, undefined, {
        headers: asStorefront('org_storefront_down', channel),
      });
      expect(one.body).toMatchObject({ availableForSale: null, variants: [{ price: 8, availableForSale: null }] });
    } finally {
      await down.close();
    }
  });
});
