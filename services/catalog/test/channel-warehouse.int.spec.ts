import { startService } from '@stockyard/testkit';
import { inventory } from '../../inventory/src/app';
import { startChannels, type Channels } from './support/channels';

const ORG = 'org_channel_wh';

/** POST /channels and PATCH /channels/{id} check `warehouseId` with inventory's internal warehouse read. */
describe('a channel names a live warehouse of its organization', () => {
  let h: Channels;
  let inv: Awaited<ReturnType<typeof startService<never, never>>>;
  let live: string;
  let deleted: string;
  let foreign: string;
  beforeAll(async () => {
    inv = (await startService(inventory, { orgId: ORG, permissions: ['warehouses.manage'] })) as never;
    h = await startChannels(ORG, { env: { INVENTORY_URL: inv.url } });
    const warehouse = async (name: string, orgId = ORG) =>
      (await inv.request('POST', '/warehouses', { name }, { orgId })).body.id as string;
    live = await warehouse('Live');
    deleted = await warehouse('Gone');
    expect((await inv.request('DELETE', `/warehouses/${deleted}`)).status).toBe(204);
    foreign = await warehouse('Theirs', 'org_channel_wh_other');
  });
  afterAll(async () => {
    await h.close();
    await inv.close();
  });

  it('creates and re-points a channel at a live warehouse', async () => {
    const created = await h.request('POST', '/channels', { name: 'Shop', platform: 'API', warehouseId: live });
    expect(created.status).toBe(201);
    expect(created.body.warehouseId).toBe(live);
    const cleared = await h.request('PATCH', `/channels/${created.body.id}`, { warehouseId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.warehouseId).toBeNull();
    const again = await h.request('PATCH', `/channels/${created.body.id}`, { warehouseId: live });
    expect(again.status).toBe(200);
    expect(again.body.warehouseId).toBe(live);
  });

  it.each([
    ['an unknown', () => 'wh_nowhere'],
    ['a deleted', () => deleted],
    ["another organization's", () => foreign],
  ])('refuses %s warehouse on POST and PATCH with 422 unknown_warehouse', async (_what, id) => {
    const created = await h.request('POST', '/channels', { name: 'Shop', platform: 'API', warehouseId: id() });
    expect(created.status).toBe(422);
    expect(created.body.error.code).toBe('unknown_warehouse');
    expect(created.body.error.details).toEqual([expect.objectContaining({ field: 'warehouseId' })]);
    const channel = await h.channel({ name: 'Plain' });
    const patched = await h.request('PATCH', `/channels/${channel.id}`, { warehouseId: id() });
    expect(patched.status).toBe(422);
    expect(patched.body.error.code).toBe('unknown_warehouse');
    expect((await h.request('GET', `/channels/${channel.id}`)).body.warehouseId).toBeNull();
  });

  it('answers 503 dependency_unavailable while inventory is down; a channel without a warehouse works', async () => {
    const down = await startChannels('org_channel_wh_down', { env: { INVENTORY_URL: 'http://127.0.0.1:1' } });
    try {
      const created = await down.request('POST', '/channels', { name: 'Shop', platform: 'API', warehouseId: live });
      expect(created.status).toBe(503);
      expect(created.body.error.code).toBe('dependency_unavailable');
      const plain = await down.request('POST', '/channels', { name: 'Plain', platform: 'API' });
      expect(plain.status).toBe(201);
      const patched = await down.request('PATCH', `/channels/${plain.body.id}`, { warehouseId: live });
      expect(patched.status).toBe(503);
      expect(patched.body.error.code).toBe('dependency_unavailable');
    } finally {
      await down.close();
    }
  });
});
