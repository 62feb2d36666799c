import { eventOf, startCatalog, type Catalog } from './support/catalog';

/**
 * The component-use index (product_component_uses) follows every write that changes what a
 * product uses, and where-used and the "is a component of" check answer from it at once.
 */
describe('component uses', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_component_uses');
  });
  afterAll(() => c.close());

  const usesOf = async (productId: string) =>
    (await c.connection.collection('product_component_uses').find({ ref: productId }).toArray())
      .map((r) => r.term as string)
      .sort();
  const whereUsed = async (part: { id: string }) => {
    const res = await c.request('GET', `/products/${part.id}/where-used`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.data.length);
    return (res.body.data as Record<string, unknown>[]).map((row) => ({
      productId: row.productId,
      type: row.type,
      quantity: row.quantity,
      ...(row.bomVersion === undefined ? {} : { bomVersion: row.bomVersion }),
    }));
  };
  const parts = async (...names: string[]) => Promise.all(names.map((name) => c.product({ name })));

  it('follows a bundle’s rows as they are replaced', async () => {
    const [a, b] = await parts('Bolt', 'Nut');
    const kit = await c.product({
      type: 'BUNDLE',
      name: 'Kit',
      components: [{ variantId: c.variantOf(a), quantity: 2 }],
    });
    expect(await usesOf(kit.id)).toEqual([c.variantOf(a)]);
    expect(await whereUsed(a)).toEqual([{ productId: kit.id, type: 'BUNDLE', quantity: 2 }]);
    const put = await c.request('PUT', `/products/${kit.id}`, {
      components: [{ variantId: c.variantOf(b), quantity: 5 }],
    });
    expect(put.status).toBe(200);
    expect(await usesOf(kit.id)).toEqual([c.variantOf(b)]);
    expect(await whereUsed(a)).toEqual([]);
    expect(await whereUsed(b)).toEqual([{ productId: kit.id, type: 'BUNDLE', quantity: 5 }]);
  });

  it('follows an assembly’s active BOM as a new version replaces it', async () => {
    const [a, b] = await parts('Wheel', 'Axle');
    const cart = await c.product({
      type: 'ASSEMBLY',
      name: 'Cart',
      components: [
        { variantId: c.variantOf(a), quantity: 4 },
        { variantId: c.variantOf(b), quantity: 2 },
      ],
    });
    expect(await usesOf(cart.id)).toEqual([c.variantOf(a), c.variantOf(b)].sort());
    expect(await whereUsed(a)).toEqual([{ productId: cart.id, type: 'ASSEMBLY', quantity: 4, bomVersion: 1 }]);
    await c.request('PUT', `/products/${cart.id}`, { components: [{ variantId: c.variantOf(b), quantity: 3 }] });
    expect(await usesOf(cart.id)).toEqual([c.variantOf(b)]);
    expect(await whereUsed(a)).toEqual([]); // version 1 still holds it, inactive
    expect(await whereUsed(b)).toEqual([{ productId: cart.id, type: 'ASSEMBLY', quantity: 3, bomVersion: 2 }]);
  });

  it('drops a trashed bundle’s uses and brings them back on restore; an archived one still counts', async () => {
    const [part] = await parts('Screw');
    const box = await c.product({
      type: 'BUNDLE',
      name: 'Box',
      components: [{ variantId: c.variantOf(part), quantity: 100 }],
    });
    const used = [{ productId: box.id, type: 'BUNDLE', quantity: 100 }];
    expect((await c.request('DELETE', `/variants/${c.variantOf(part)}`)).body.error.code).toBe('variant_in_use');
    expect((await c.request('DELETE', `/products/${box.id}`)).status).toBe(204);
    expect(await usesOf(box.id)).toEqual([]);
    expect(await whereUsed(part)).toEqual([]);
    expect((await c.request('POST', `/products/${box.id}/restore`)).status).toBe(201);
    expect(await usesOf(box.id)).toEqual([c.variantOf(part)]);
    expect(await whereUsed(part)).toEqual(used);
    expect((await c.request('POST', `/products/${box.id}/archive`)).status).toBe(201);
    expect(await whereUsed(part)).toEqual(used);
  });

  it('keeps the uses of a bundle converted to an assembly, which where-used then shows with its BOM', async () => {
    const [part] = await parts('Spoke');
    const rim = await c.product({
      type: 'BUNDLE',
      name: 'Rim',
      components: [{ variantId: c.variantOf(part), quantity: 32 }],
    });
    const res = await c.request('POST', `/products/${rim.id}/convert`, {
      targetType: 'ASSEMBLY',
      acknowledgeWarnings: true,
    });
    expect(res.status).toBe(201);
    expect(await usesOf(rim.id)).toEqual([c.variantOf(part)]);
    expect(await whereUsed(part)).toEqual([{ productId: rim.id, type: 'ASSEMBLY', quantity: 32, bomVersion: 1 }]);
  });

  it('lets a variant go once no live product uses it, and counts each use of a second variant', async () => {
    const part = await c.product({ name: 'Hinge' });
    const second = (await c.request('POST', `/products/${part.id}/variants`, { sku: 'HINGE-2' })).body;
    const door = await c.product({
      type: 'BUNDLE',
      name: 'Door',
      components: [
        { variantId: c.variantOf(part), quantity: 2 },
        { variantId: second.id, quantity: 1 },
      ],
    });
    const gate = await c.product({
      type: 'ASSEMBLY',
      name: 'Gate',
      components: [{ variantId: second.id, quantity: 3 }],
    });
    const rows = await whereUsed(part);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { productId: door.id, type: 'BUNDLE', quantity: 2 },
        { productId: door.id, type: 'BUNDLE', quantity: 1 },
        { productId: gate.id, type: 'ASSEMBLY', quantity: 3, bomVersion: 1 },
      ]),
    );
    expect((await c.request('DELETE', `/variants/${second.id}`)).status).toBe(409);
    await c.request('PUT', `/products/${door.id}`, { components: [{ variantId: c.variantOf(part), quantity: 2 }] });
    expect((await c.request('DELETE', `/products/${gate.id}`)).status).toBe(204);
    expect((await c.request('DELETE', `/variants/${second.id}`)).status).toBe(204);
  });

  it('answers from the products, not the index: a stale row finds nothing', async () => {
    const [part, other] = await parts('Washer', 'Gasket');
    const seal = await c.product({
      type: 'BUNDLE',
      name: 'Seal',
      components: [{ variantId: c.variantOf(other), quantity: 1 }],
    });
    // A row an update replayed late may leave behind (the index is a superset).
    await c.connection.collection('product_component_uses').insertOne({
      _id: `org_component_uses\u0000${seal.id}\u0000${c.variantOf(part)}`,
      orgId: 'org_component_uses',
      ref: seal.id,
      term: c.variantOf(part),
      version: 1,
    } as never);
    expect(await whereUsed(part)).toEqual([]);
    expect((await c.request('POST', `/products/${part!.id}/variants`, { sku: 'WASHER-2' })).status).toBe(201);
    expect((await c.request('DELETE', `/variants/${c.variantOf(part)}`)).status).toBe(204);
  });

  it('is kept in this process: the relay never sends its updates to the broker', async () => {
    const [part] = await parts('Pin');
    const clip = await c.product({
      type: 'BUNDLE',
      name: 'Clip',
      components: [{ variantId: c.variantOf(part), quantity: 1 }],
    });
    await c.request('PUT', `/products/${clip.id}`, { name: 'Clip set' });
    await eventOf(c, 'product.updated', { productId: clip.id });
    expect(c.events.filter((e) => e.name === 'product.component_uses_changed')).toEqual([]);
  });
});
