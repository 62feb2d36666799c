import { eventually, infraEnv, tapEvents } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_inv_settings';

describe('GET / PATCH /inventory-settings', () => {
  let inv: Inventory;
  let audit: Awaited<ReturnType<typeof tapEvents>>;
  beforeAll(async () => {
    inv = await startInventory(ORG);
    audit = await tapEvents(infraEnv().amqpUrl, inv.config.EVENTS_EXCHANGE, ['audit.#']);
  });
  afterAll(async () => {
    await audit.close();
    await inv.close();
  });

  const patch = (body: unknown, orgId = ORG) => inv.request('PATCH', '/inventory-settings', body, { orgId });

  it('answers the defaults (FIFO, USD) before any change', async () => {
    const res = await inv.request('GET', '/inventory-settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ costingMethod: 'FIFO', currency: 'USD', updatedAt: null });
  });

  it('changes the currency (upper-cased) and the method while the stock has no valuation entry', async () => {
    const res = await patch({ currency: 'eur', costingMethod: 'MOVING_AVERAGE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ costingMethod: 'MOVING_AVERAGE', currency: 'EUR', updatedAt: expect.any(String) });
    expect((await inv.request('GET', '/inventory-settings')).body).toEqual(res.body);
  });

  it('records the change in the audit trail, before and after', async () => {
    await patch({ costingMethod: 'FIFO' });
    type Resource = { type: string; id: string; fields: Record<string, unknown> };
    const records = await eventually(() => {
      const found = audit.named('audit.recorded').map((e) => (e.payload.resources as Resource[])[0]!);
      const settings = found.filter((r) => r.type === 'inventory_settings' && r.id === ORG);
      return settings.length === 2 ? settings : undefined;
    });
    expect(records.map((r) => r.fields.costingMethod)).toEqual([
      { before: 'FIFO', after: 'MOVING_AVERAGE' },
      { before: 'MOVING_AVERAGE', after: 'FIFO' },
    ]);
    expect(records[0]!.fields.currency).toEqual({ before: 'USD', after: 'EUR' });
  });

  it('refuses a new currency once the stock is valued (409 currency_locked); the method still changes', async () => {
    const wh = await inv.warehouse();
    await inv.variants('var_settings_1');
    await inv.adjust('var_settings_1', wh, 2);
    const res = await patch({ currency: 'GBP' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('currency_locked');
    // The same currency again is no change, and the method is not locked.
    const same = await patch({ currency: 'EUR', costingMethod: 'MOVING_AVERAGE' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ currency: 'EUR', costingMethod: 'MOVING_AVERAGE' });
  });

  it('keeps each organization’s settings its own', async () => {
    const other = await inv.request('GET', '/inventory-settings', undefined, { orgId: 'org_inv_settings_other' });
    expect(other.body).toEqual({ costingMethod: 'FIFO', currency: 'USD', updatedAt: null });
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { costingMethod: 'FIFO', valuation: 'LIFO' }],
    ['an unknown method', { costingMethod: 'LIFO' }],
    ['a currency that is no ISO 4217 code', { currency: 'EURO' }],
    ['a currency that is not a string', { currency: 978 }],
  ])('refuses %s (400 validation_failed)', async (_name, body) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
