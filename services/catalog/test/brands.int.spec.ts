import { startCatalog, type Catalog } from './support/catalog';

describe('/brands', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_brands');
  });
  afterAll(() => c.close());

  it('creates, reads, renames and lists brands by name', async () => {
    const acme = await c.brand('Acme');
    expect(acme).toMatchObject({ id: expect.stringMatching(/^brd_/), name: 'Acme' });
    await c.brand('Zeta');
    const renamed = await c.request('PATCH', `/brands/${acme.id}`, { name: 'Acme Tools' });
    expect(renamed.status).toBe(200);
    expect((await c.request('GET', `/brands/${acme.id}`)).body.name).toBe('Acme Tools');
    const list = await c.request('GET', '/brands?limit=1');
    expect(list.body).toMatchObject({ total: 2, limit: 1, offset: 0, data: [{ name: 'Acme Tools' }] });
  });

  it('refuses a second brand of the same name, whatever its case (409 brand_name_taken)', async () => {
    await c.brand('Bolt');
    const res = await c.request('POST', '/brands', { name: ' bolt ' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('brand_name_taken');
  });

  it("answers 404 for another organization's brand", async () => {
    const brand = await c.brand('Private');
    const res = await c.request('GET', `/brands/${brand.id}`, undefined, { orgId: 'org_other' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_not_found');
  });

  it('deletes an unused brand (204) and then answers 404', async () => {
    const brand = await c.brand('Short-lived');
    expect((await c.request('DELETE', `/brands/${brand.id}`)).status).toBe(204);
    expect((await c.request('GET', `/brands/${brand.id}`)).status).toBe(404);
  });
});

describe('/brands in use', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_brands_used');
  });
  afterAll(() => c.close());

  it('refuses deleting a brand a product names (409 brand_in_use)', async () => {
    const brand = await c.brand('Used');
    await c.product({ brandId: brand.id });
    const res = await c.request('DELETE', `/brands/${brand.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('brand_in_use');
  });
});
