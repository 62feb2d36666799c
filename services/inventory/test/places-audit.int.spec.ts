import { eventually, infraEnv, tapEvents } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_places_audit';

type Resource = {
  type: string;
  id: string;
  action: string;
  fields: Record<string, { before: unknown; after: unknown }>;
};

/** Warehouses and bins are in the audit trail like every other store's writes (issue #41). */
describe('warehouse and bin changes in the audit trail', () => {
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

  const recorded = (type: string, id: string, count: number) =>
    eventually(() => {
      const found = audit
        .named('audit.recorded')
        .flatMap((e) => e.payload.resources as Resource[])
        .filter((r) => r.type === type && r.id === id);
      return found.length === count ? found : undefined;
    });

  it('records a warehouse made and renamed, and a bin made, each with its fields before and after', async () => {
    const wh = await inv.warehouse('Audited');
    const renamed = await inv.request('PATCH', `/warehouses/${wh}`, { name: 'Audited North' });
    expect(renamed.status).toBe(200);
    const bin = await inv.bin(wh, 'A-01');

    const [made, changed] = await recorded('warehouse', wh, 2);
    expect(made).toMatchObject({ action: 'created', fields: { name: { before: null, after: 'Audited' } } });
    expect(changed).toMatchObject({
      action: 'changed',
      fields: { name: { before: 'Audited', after: 'Audited North' } },
    });
    const [binMade] = await recorded('bin', bin, 1);
    expect(binMade).toMatchObject({ action: 'created', fields: { name: { before: null, after: 'A-01' } } });
  });
});
