import { inventoryClient, serviceSigner } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

/** POST /internal/v1/warehouses/batch: the catalog checks a sales channel's warehouse with it. */
describe('internal POST /warehouses/batch', () => {
  let inv: Inventory;
  beforeAll(async () => {
    inv = await startInventory('org_wh_batch');
  });
  afterAll(() => inv.close());

  it('answers the live warehouses of the organization among the ids (not deleted, unknown or foreign)', async () => {
    const live = await inv.warehouse('Live');
    const gone = await inv.warehouse('Gone');
    expect((await inv.request('DELETE', `/warehouses/${gone}`)).status).toBe(204);
    const theirs = (await inv.request('POST', '/warehouses', { name: 'Theirs' }, { orgId: 'org_wh_batch_2' })).body.id;
    const res = await inv.internal('/warehouses/batch', { ids: [live, gone, theirs, 'wh_nowhere', live] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: live, name: 'Live', deletedAt: null })]);

    const client = inventoryClient({ baseUrl: inv.url, sign: serviceSigner('catalog', TEST_IDENTITY_SECRET) });
    expect((await client.warehouses('org_wh_batch_2', [live, theirs])).map((w) => w.id)).toEqual([theirs]);
    expect(await client.warehouses('org_wh_batch', [])).toEqual([]);
  });

  it.each([
    ['no ids', { ids: [] }],
    ['an id that is not one', { ids: ['../x'] }],
    ['an unknown field', { ids: ['wh_1'], more: true }],
  ])('answers 400 validation_failed to %s', async (_what, body) => {
    const res = await inv.internal('/warehouses/batch', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
