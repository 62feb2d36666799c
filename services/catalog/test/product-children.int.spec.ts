import { sendAcrossCrash } from '@stockyard/testkit';
import { eventOf, startCatalog, type Catalog } from './support/catalog';

describe('families: variant-parent, children link, unlink, order', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_family');
  });
  afterAll(() => c.close());

  const simples = async (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => c.product({ name: `Tee ${i}` })));

  it('POST /products/variant-parent creates a FAMILY with the children in order (201, product.created)', async () => {
    const [a, b] = await simples(2);
    const res = await c.request('POST', '/products/variant-parent', { name: 'Tees', childIds: [a.id, b.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'FAMILY', name: 'Tees', variants: [] });
    expect(res.body.children.map((ch: { id: string; position: number }) => [ch.id, ch.position])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    await eventOf(c, 'product.created', { productId: res.body.id, type: 'FAMILY' });
    expect((await c.request('GET', `/products/${a.id}`)).body).toMatchObject({ parentId: res.body.id, position: 0 });
  });

  it('makes one FAMILY, its children in order, when a keyed variant-parent runs again after a crash', async () => {
    const [a, b] = await simples(2);
    const send = () =>
      c.request(
        'POST',
        '/products/variant-parent',
        { name: 'Rerun tees', childIds: [a.id, b.id] },
        { headers: { 'idempotency-key': `parent-${a.id}` } },
      );
    const [first, rerun] = await sendAcrossCrash(c.connection, `parent-${a.id}`, send);
    expect([first.status, rerun.status]).toEqual([201, 201]);
    expect(rerun.body).toEqual(first.body);
    expect(await c.connection.collection('products').countDocuments({ name: 'Rerun tees' })).toBe(1);
    // The SKU the rerun generated was given back: the family holds only the first run's.
    expect(await c.connection.collection('sku_claims').countDocuments({ productId: first.body.id })).toBe(1);
  });

  it('links more children after the last (201) with product.updated on the family', async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Caps' });
    const [a, b] = await simples(2);
    await c.request('POST', `/products/${family.id}/children`, { childIds: [a.id] });
    const res = await c.request('POST', `/products/${family.id}/children`, { childIds: [b.id] });
    expect(res.status).toBe(201);
    expect(res.body.children.map((ch: { id: string }) => ch.id)).toEqual([a.id, b.id]);
    const updated = await eventOf(c, 'product.updated', { productId: family.id });
    expect(updated.payload.changes).toEqual(['children']);
  });

  it('refuses a child not SIMPLE (422 child_not_simple) or in another family (409 child_in_other_family)', async () => {
    const family = await c.product({ type: 'FAMILY', name: 'Mugs' });
    const other = await c.product({ type: 'FAMILY', name: 'Other' });
    const bundle = await c.product({ type: 'BUNDLE', name: 'Set' });
    const notSimple = await c.request('POST', `/products/${family.id}/children`, { childIds: [bundle.id] });
    expect(notSimple.status).toBe(422);
    expect(notSimple.body.error.code).toBe('child_not_simple');
    const [mug] = await simples(1);
    await c.request('POST', `/products/${other.id}/children`, { childIds: [mug.id] });
    const taken = await c.request('POST', `/products/${family.id}/children`, { childIds: [mug.id] });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('child_in_other_family');
    const parent = await c.request('POST', '/products/variant-parent', { name: 'Again', childIds: [mug.id] });
    expect(parent.status).toBe(409);
    expect(parent.body.error.code).toBe('child_in_other_family');
  });

  it('linking to a product that is not a FAMILY is refused (422 not_a_family)', async () => {
    const [a, b] = await simples(2);
    const res = await c.request('POST', `/products/${a.id}/children`, { childIds: [b.id] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('not_a_family');
  });

  it('unlinks a child (200); it is free to join another family', async () => {
    const [a, b] = await simples(2);
    const family = (await c.request('POST', '/products/variant-parent', { name: 'Socks', childIds: [a.id, b.id] }))
      .body;
    const res = await c.request('DELETE', `/products/${family.id}/children/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.children.map((ch: { id: string }) => ch.id)).toEqual([b.id]);
    expect((await c.request('GET', `/products/${a.id}`)).body.parentId).toBeNull();
    const notChild = await c.request('DELETE', `/products/${family.id}/children/${a.id}`);
    expect(notChild.status).toBe(404);
  });

  it('orders children: listed ones take their index, unlisted ones keep their position', async () => {
    const [a, b, d] = await simples(3);
    const family = (await c.request('POST', '/products/variant-parent', { name: 'Hats', childIds: [a.id, b.id, d.id] }))
      .body;
    const res = await c.request('PUT', `/products/${family.id}/children/order`, { orderedChildIds: [d.id, a.id] });
    expect(res.status).toBe(200);
    const positions = Object.fromEntries(
      res.body.children.map((ch: { id: string; position: number }) => [ch.id, ch.position]),
    );
    expect(positions).toEqual({ [d.id]: 0, [a.id]: 1, [b.id]: 1 });
  });
  it('refuses one child twice in variant-parent, link or order (400 validation_failed, the field)', async () => {
    const [a, b] = await simples(2);
    const parent = await c.request('POST', '/products/variant-parent', { name: 'Twice', childIds: [a.id, b.id, a.id] });
    expect(parent.status).toBe(400);
    expect(parent.body.error.code).toBe('validation_failed');
    expect(parent.body.error.details).toEqual([expect.objectContaining({ field: 'childIds' })]);
    expect((await c.request('GET', `/products/${a.id}`)).body.parentId).toBeNull();

    const family = (await c.request('POST', '/products/variant-parent', { name: 'Once', childIds: [a.id, b.id] })).body;
    const link = await c.request('POST', `/products/${family.id}/children`, { childIds: [b.id, b.id] });
    expect(link.status).toBe(400);
    expect(link.body.error.code).toBe('validation_failed');
    expect(link.body.error.details).toEqual([expect.objectContaining({ field: 'childIds' })]);

    const order = await c.request('PUT', `/products/${family.id}/children/order`, {
      orderedChildIds: [b.id, a.id, b.id],
    });
    expect(order.status).toBe(400);
    expect(order.body.error.code).toBe('validation_failed');
    expect(order.body.error.details).toEqual([
      expect.objectContaining({ field: 'orderedChildIds', message: expect.stringContaining(b.id) }),
    ]);
    const positions = (await c.request('GET', `/products/${family.id}`)).body.children.map(
      (ch: { id: string; position: number }) => [ch.id, ch.position],
    );
    expect(positions).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
  });
});
