import { startChannels, type Channels } from './support/channels';

const ORG = 'org_sources';

describe('/sources', () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels(ORG);
  });
  afterAll(() => h.close());

  it('creates, reads, edits and soft-deletes a supplier', async () => {
    const source = await h.source({ name: 'Bolt Co', email: 'po@bolt.example', currency: 'eur', leadTimeDays: 7 });
    expect(source).toMatchObject({
      name: 'Bolt Co',
      email: 'po@bolt.example',
      currency: 'EUR',
      leadTimeDays: 7,
      active: true,
    });
    expect(source.id).toMatch(/^src_/);
    const patched = await h.request('PATCH', `/sources/${source.id}`, { contactName: 'Ann', phone: '+1 555' });
    expect(patched.body).toMatchObject({ contactName: 'Ann', phone: '+1 555', currency: 'EUR' });
    expect((await h.request('GET', '/sources')).body.data.map((s: { id: string }) => s.id)).toContain(source.id);
    expect((await h.request('DELETE', `/sources/${source.id}`)).status).toBe(204);
    expect((await h.request('GET', '/sources')).body.data.map((s: { id: string }) => s.id)).not.toContain(source.id);
    expect((await h.request('GET', `/sources/${source.id}`)).body).toMatchObject({ active: false });
    const write = await h.request('POST', `/sources/${source.id}/skus`, { skus: [{ sku: 'A' }] });
    expect(write.status).toBe(409);
    expect(write.body.error.code).toBe('source_deleted');
  });

  it('keeps payment terms in days (invoices fall due after them), none by default; bad ones are 400', async () => {
    const source = await h.source({ name: 'Terms Co', paymentTermsDays: 30 });
    expect(source.paymentTermsDays).toBe(30);
    expect((await h.source()).paymentTermsDays).toBeNull();
    const patched = await h.request('PATCH', `/sources/${source.id}`, { paymentTermsDays: 45 });
    expect(patched.body.paymentTermsDays).toBe(45);
    expect((await h.request('PATCH', `/sources/${source.id}`, { paymentTermsDays: null })).body.paymentTermsDays).toBe(
      null,
    );
    for (const paymentTermsDays of [-1, 1.5, 4000, '30']) {
      const res = await h.request('POST', '/sources', { name: 'Bad terms', paymentTermsDays });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });

  it('defaults the currency to USD and refuses a bad one (400)', async () => {
    expect((await h.source()).currency).toBe('USD');
    expect((await h.request('POST', '/sources', { name: 'X', currency: 'EURO' })).status).toBe(400);
  });

  it("answers 404 for an unknown source and another organization's", async () => {
    const source = await h.source();
    for (const [method, path] of [
      ['GET', `/sources/${source.id}`],
      ['PATCH', `/sources/${source.id}`],
      ['DELETE', `/sources/${source.id}`],
      ['GET', `/sources/${source.id}/skus`],
      ['POST', `/sources/${source.id}/skus`],
      ['GET', `/sources/${source.id}/imports`],
    ] as const) {
      const body = method === 'PATCH' ? { name: 'x' } : method === 'POST' ? { skus: [{ sku: 'A' }] } : undefined;
      const res = await h.request(method, path, body, { orgId: 'org_other' });
      expect(`${method} ${path} ${res.status} ${res.body?.error?.code}`).toBe(
        `${method} ${path} 404 resource_not_found`,
      );
    }
  });
});
