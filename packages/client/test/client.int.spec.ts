import { signWebhook } from '@stockyard/contracts';
import { startStack, type Stack } from '@stockyard/testkit';
import { ApiError, createClient, verifyWebhook, type Client } from '../src';

/** The client against the real gateway and inventory service. */
describe('@stockyard/client', () => {
  let stack: Stack;
  let adminKey: string;
  let client: Client;

  beforeAll(async () => {
    stack = await startStack(['inventory']);
    ({ adminKey } = stack.bootstrapOrg('Client Org'));
    client = createClient({ baseUrl: stack.gatewayUrl, apiKey: adminKey });
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
  });

  it('calls an operation by its name with typed input and answer, and a 204 answers undefined', async () => {
    const created = await client.call('createWarehouse', { body: { name: 'Client main', code: 'CM' } });
    expect(created).toMatchObject({ name: 'Client main', code: 'CM', id: expect.any(String) });
    const read = await client.call('getWarehouse', { params: { warehouseId: created.id } });
    expect(read.id).toBe(created.id);
    expect(await client.call('deleteWarehouse', { params: { warehouseId: created.id } })).toBeUndefined();
  });

  it('throws the error envelope as an ApiError', async () => {
    const failure = client.call('getWarehouse', { params: { warehouseId: 'wh_missing' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'resource_not_found' });
    await expect(client.call('createWarehouse', { body: { name: '' } })).rejects.toMatchObject({
      status: 400,
      details: [expect.objectContaining({ field: 'name' })],
    });
  });

  it('pages through a list with an async iterator', async () => {
    const names = ['P1', 'P2', 'P3', 'P4', 'P5'].map((n) => `Paged ${n}`);
    for (const name of names) await client.call('createWarehouse', { body: { name } });
    const seen: string[] = [];
    for await (const warehouse of client.paginate('listWarehouses', {}, 2)) seen.push(warehouse.name);
    expect(seen).toEqual(expect.arrayContaining(names));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('retries a POST whose answer was lost with the same Idempotency-Key, so the work is done once', async () => {
    const keys: string[] = [];
    let lose = true;
    const flaky = createClient({
      baseUrl: stack.gatewayUrl,
      apiKey: adminKey,
      retryDelayMs: 10,
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        if ((init?.method ?? 'GET') !== 'POST') return res;
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        if (lose) {
          lose = false;
          await res.text();
          throw new TypeError('fetch failed: the connection dropped before the answer'); // the answer is lost
        }
        return res;
      },
    });
    const created = await flaky.call('createWarehouse', { body: { name: 'Retried once' } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/.+/);
    expect(keys[1]).toBe(keys[0]);
    const all: string[] = [];
    for await (const w of client.paginate('listWarehouses')) if (w.name === 'Retried once') all.push(w.id);
    expect(all).toEqual([created.id]);
  });

  it('re-exports verifyWebhook, which accepts what the API signs', () => {
    const rawBody = JSON.stringify({ event: 'order.created', data: {}, delivery_id: 'd1', attempt: 1 });
    const header = signWebhook('whsec_test', rawBody);
    expect(verifyWebhook({ secret: 'whsec_test', rawBody, header })).toBe(true);
    expect(verifyWebhook({ secret: 'other', rawBody, header })).toBe(false);
  });
});
