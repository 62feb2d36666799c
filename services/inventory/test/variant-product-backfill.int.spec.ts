import { eventually } from '@stockyard/testkit';
import { startCatalog, type Catalog } from '../../catalog/test/support/catalog';
import { startInventory, type Inventory } from './support/inventory';
import { peerGate, type PeerGate } from './support/peer-gate';

const ORG = 'org_variant_backfill';
const PASS = 'variant_products';

/**
 * The backfill of variant copies heard of before `variant.upserted` carried products (README:
 * valuation groups). The catalog runs on its own exchange, so inventory hears none of its events:
 * copies are written straight into the read model as an older inventory left them, then
 * inventory starts again on that database (a replica, its pass's record gone) and fills them
 * from the catalog's internal read, reached through a gate the tests take down or hold.
 */
describe('the variant product backfill', () => {
  let c: Catalog;
  let inv: Inventory;
  let gate: PeerGate;
  let tools: string;
  const product = async (name: string, categoryId?: string) => {
    const p = await c.product({ name, ...(categoryId ? { categoryId } : {}) });
    return { productId: p.id as string, variantId: c.variantOf(p) };
  };
  const copies = () => inv.connection.collection<{ _id: string; productId?: string | null }>('variants');
  const copyOf = (variantId: string) => copies().findOne({ _id: `${ORG}:${variantId}` });
  const passes = () => inv.connection.collection('inventory_passes');
  const passRecord = () => passes().findOne({ _id: PASS } as never);
  /** A copy as an inventory before products wrote it: no `productId` (or null, with `fields`). */
  const seedOlder = (variantIds: string[], fields: Record<string, unknown> = {}) =>
    copies().insertMany(
      variantIds.map((variantId) => ({
        _id: `${ORG}:${variantId}`,
        orgId: ORG,
        variantId,
        sku: variantId.toUpperCase(),
        name: variantId,
        deleted: false,
        sourceUpdatedAt: new Date(Date.now() - 86_400_000),
        version: 1,
        ...fields,
      })),
    );
  /** Its record in `inventory_passes`, as a pass that stopped or finished left it. */
  const recordAs = async (record: Record<string, unknown>) => {
    await passes().deleteOne({ _id: PASS } as never);
    await passes().insertOne({ _id: PASS, ...record } as never);
  };
  /** Inventory started again on this database (`rerun`: as if the backfill had never run); its pass starts with it. */
  const restart = async (rerun = true) => {
    if (rerun) await passes().deleteOne({ _id: PASS } as never);
    return inv.replica();
  };

  beforeAll(async () => {
    c = await startCatalog(ORG);
    gate = await peerGate();
    inv = await startInventory(ORG, { env: { CATALOG_URL: gate.url, PEER_TIMEOUT_MS: '20000' } });
    await inv.deps.variants.backfill.tick(); // its own start-up pass, over an empty read model
    tools = (await c.category({ name: 'Tools' })).id;
  });
  afterAll(async () => {
    await inv?.close();
    await c?.close();
    await gate?.close();
  });

  it('fills older copies from the catalog at start, and the valuation groups then count them', async () => {
    const hammer = await product('Hammer', tools);
    const rope = await product('Rope');
    const gone = await product('Deleted here');
    await seedOlder([hammer.variantId]);
    await seedOlder([rope.variantId], { productId: null, categoryIds: null });
    await seedOlder([gone.variantId], { deleted: true });
    const wh = await inv.warehouse();
    const receive = (variantId: string, quantity: number, unitCost: number) =>
      inv.internal('/stock/receive', {
        operationKey: `po_1:${variantId}`,
        variantId,
        warehouseId: wh,
        quantity,
        unitCost,
      });
    expect((await receive(hammer.variantId, 5, 2)).status).toBe(201);
    expect((await receive(rope.variantId, 3, 4)).status).toBe(201);
    const groups = async (by: string) =>
      (await inv.request('GET', `/reports/stock-valuation?groupBy=${by}`)).body.data.map(
        (g: { key: string | null; quantity: number; value: number }) => [g.key, g.quantity, g.value],
      );
    expect(await groups('product')).toEqual([[null, 8, 22]]);

    gate.open(c.url);
    const restarted = await restart();
    try {
      await eventually(async () => ((await passRecord())?.at ? true : undefined)); // nothing runs it but the start
      expect(await copyOf(hammer.variantId)).toMatchObject({ productId: hammer.productId, categoryIds: [tools] });
      expect(await copyOf(rope.variantId)).toMatchObject({ productId: rope.productId, categoryIds: [] });
      expect(await copyOf(gone.variantId)).not.toHaveProperty('productId');
      const byProduct = [
        [hammer.productId, 5, 10],
        [rope.productId, 3, 12],
      ].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1)); // keys in byte order
      expect(await groups('product')).toEqual(byProduct);
      expect(await groups('category')).toEqual([
        [tools, 5, 10],
        [null, 3, 12],
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('never overwrites a copy an event filled while the catalog was being asked', async () => {
    const drill = await product('Drill', tools);
    await seedOlder([drill.variantId]);
    gate.hold();
    const restarted = await restart();
    try {
      await gate.held(); // the pass read its page and waits for the catalog; requests do not
      expect((await restarted.request('GET', '/reports/stock-valuation')).status).toBe(200);
      const fromEvent = { productId: 'prd_from_event', categoryIds: ['cat_from_event'] };
      await inv.publishVariant(drill.variantId, 'DRILL', 'Drill', new Date(), fromEvent);
      await eventually(async () => (await copyOf(drill.variantId))?.productId === fromEvent.productId || undefined);
      gate.open(c.url);
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(drill.variantId)).toMatchObject(fromEvent);
      expect(await passRecord()).toMatchObject({ at: expect.any(Date) });
    } finally {
      await restarted.close();
    }
  });

  it('leaves copies null while the catalog is away, answering requests, and a later pass fills them', async () => {
    const saw = await product('Saw', tools);
    await seedOlder([saw.variantId]);
    gate.down();
    const restarted = await restart();
    try {
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(saw.variantId)).not.toHaveProperty('productId');
      expect(await passRecord()).toBeNull();
      expect((await restarted.request('GET', '/reports/stock-valuation?groupBy=product')).status).toBe(200);
      gate.open(c.url);
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(saw.variantId)).toMatchObject({ productId: saw.productId, categoryIds: [tools] });
      expect(await passRecord()).toMatchObject({ at: expect.any(Date) });
    } finally {
      await restarted.close();
    }
  });

  it('resumes after the last page a stopped pass finished, never before it', async () => {
    const [first, second] = [await product('File'), await product('Rasp')].sort((a, b) =>
      a.variantId < b.variantId ? -1 : 1,
    );
    await seedOlder([first!.variantId, second!.variantId]);
    await recordAs({ after: `${ORG}:${first!.variantId}` });
    const restarted = await restart(false);
    try {
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(first!.variantId)).not.toHaveProperty('productId');
      expect(await copyOf(second!.variantId)).toMatchObject({ productId: second!.productId });
    } finally {
      await restarted.close();
    }
  });

  it('does not run again once it has finished', async () => {
    const plane = await product('Plane');
    await seedOlder([plane.variantId]);
    await recordAs({ at: new Date() });
    const restarted = await restart(false);
    try {
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(plane.variantId)).not.toHaveProperty('productId');
    } finally {
      await restarted.close();
    }
  });

  it('pages by 500 (the catalog takes no more ids a call), past variants it no longer holds', async () => {
    const gone = Array.from({ length: 600 }, (_, i) => `gone_${String(i).padStart(4, '0')}`);
    await seedOlder(gone);
    const last = await product('Chisel');
    await seedOlder([last.variantId]);
    const restarted = await restart();
    try {
      await restarted.deps.variants.backfill.tick();
      expect(await copyOf(last.variantId)).toMatchObject({ productId: last.productId });
      expect(await copies().countDocuments({ _id: { $in: gone.map((v) => `${ORG}:${v}`) }, productId: null })).toBe(
        600,
      );
      expect(await passRecord()).toMatchObject({ at: expect.any(Date) });
    } finally {
      await restarted.close();
    }
  });
});
