import { eventually } from '@stockyard/testkit';
import { DataHealthReports, WAIT_FOR_PRODUCTS } from '../src/commands/data-health-reports';
import { healthReportModel } from '../src/store/health-report.model';
import type { ProductQueries } from '../src/store/product.queries';
import { startCatalog, type Catalog } from './support/catalog';

const silent = { info: () => undefined, error: () => undefined } as never;

interface Health {
  generatedAt: string | null;
  productCount: number | null;
  problems: { code: string; count: number; sampleIds: string[] }[];
  status: 'CURRENT' | 'UPDATING' | 'PENDING';
}

/**
 * GET /products/data-health answers a kept report, computed by a job in the background: current
 * while no product changed since its read began, recomputed after a change (the request waits for
 * the job up to DATA_HEALTH_WAIT_MS, else answers the previous report as UPDATING).
 */
describe('GET /products/data-health: a kept report and its freshness', () => {
  const health = async (c: Catalog): Promise<Health> => {
    const res = await c.request('GET', '/products/data-health');
    expect(res.status).toBe(200);
    return res.body as Health;
  };
  const count = (h: Health, code: string) => h.problems.find((p) => p.code === code)!.count;

  describe('waiting for its job (the default)', () => {
    let c: Catalog;
    beforeAll(async () => {
      c = await startCatalog('org_health_kept');
    });
    afterAll(() => c.close());

    it('keeps the report while nothing changes, and counts a change at once', async () => {
      await c.product({ name: 'Fine', price: 10, cost: 5 });
      // A write less than a second before a report's read began may be in flight: it makes the report stale.
      await new Promise((r) => setTimeout(r, 1_100));
      const first = await health(c);
      expect(first).toMatchObject({ status: 'CURRENT', productCount: 1 });
      expect(count(first, 'negative_margin')).toBe(0);
      const again = await health(c);
      expect(again).toEqual(first); // the kept report: not computed again
      const kept = await c.connection.collection('product_health_reports').findOne({ _id: 'org_health_kept' as never });
      expect(kept).toMatchObject({ productCount: 1, runningUntil: null });

      const loss = await c.product({ name: 'Loss', price: 5, cost: 8 });
      const after = await health(c);
      expect(after.status).toBe('CURRENT');
      expect(Date.parse(after.generatedAt!)).toBeGreaterThan(Date.parse(first.generatedAt!));
      expect(after.productCount).toBe(2);
      expect(after.problems.find((p) => p.code === 'negative_margin')).toEqual({
        code: 'negative_margin',
        count: 1,
        sampleIds: [loss.id],
      });
      // Archiving, trashing and restoring each make it stale too.
      await c.request('POST', `/products/${loss.id}/archive`);
      const archived = await health(c);
      expect(Date.parse(archived.generatedAt!)).toBeGreaterThan(Date.parse(after.generatedAt!));
      await c.request('DELETE', `/products/${loss.id}`);
      expect(await health(c)).toMatchObject({ status: 'CURRENT', productCount: 1 });
      await c.request('POST', `/products/${loss.id}/restore`);
      expect(await health(c)).toMatchObject({ status: 'CURRENT', productCount: 2 });
    });
  });

  describe('a larger organization', () => {
    let c: Catalog;
    beforeAll(async () => {
      c = await startCatalog('org_health_large');
    });
    afterAll(() => c.close());

    it(`answers its last report at once after a change (over ${WAIT_FOR_PRODUCTS} products), then anew`, async () => {
      await c.product({ name: 'Fine', price: 10, cost: 5 });
      expect(await health(c)).toMatchObject({ status: 'CURRENT', productCount: 1 });
      // As if the report had counted more products than a request waits for.
      const reports = c.connection.collection('product_health_reports');
      await reports.updateOne({ _id: 'org_health_large' as never }, { $set: { productCount: WAIT_FOR_PRODUCTS + 1 } });
      await c.product({ name: 'Loss', price: 5, cost: 8 });
      expect(await health(c)).toMatchObject({ status: 'UPDATING', productCount: WAIT_FOR_PRODUCTS + 1 });
      const next = await eventually(async () => {
        const h = await health(c);
        return h.status === 'CURRENT' ? h : undefined;
      });
      expect(next.productCount).toBe(2);
      expect(count(next, 'negative_margin')).toBe(1);
    });
  });

  it('answers without waiting for a job that takes long (a report of more products than it waits for)', async () => {
    const c = await startCatalog('org_health_slow');
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = {
        changedAfter: async () => true,
        async *healthRowPages() {
          await held; // the job's read, held until the test lets it go
        },
      } as unknown as ProductQueries;
      const reports = healthReportModel(c.connection);
      const health = new DataHealthReports(reports, slow, 60_000, silent);
      const previous = { generatedAt: new Date(0), changesAfter: new Date(0), productCount: WAIT_FOR_PRODUCTS + 1 };
      await reports.collection.insertOne({
        _id: 'org_health_slow',
        orgId: 'org_health_slow',
        ...previous,
        problems: [],
        runningUntil: null,
      } as never);
      const answered = await Promise.race([
        health.report('org_health_slow'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
      ]);
      expect(answered).toMatchObject({ status: 'UPDATING', productCount: WAIT_FOR_PRODUCTS + 1 });
      release();
      await health.stop();
      expect(await health.report('org_health_slow')).toMatchObject({ status: 'CURRENT', productCount: 0 });
    } finally {
      await c.close();
    }
  });

  describe('answering at once (DATA_HEALTH_WAIT_MS=0)', () => {
    let c: Catalog;
    beforeAll(async () => {
      c = await startCatalog('org_health_async', { env: { DATA_HEALTH_WAIT_MS: '0' } });
    });
    afterAll(() => c.close());

    it('is PENDING before the first report, then the previous report UPDATING until the new one', async () => {
      await c.product({ name: 'Fine', price: 10, cost: 5 });
      expect(await health(c)).toEqual({ generatedAt: null, productCount: null, problems: [], status: 'PENDING' });
      const first = await eventually(async () => {
        const h = await health(c);
        return h.status === 'CURRENT' ? h : undefined;
      });
      expect(first.productCount).toBe(1);

      await c.product({ name: 'Loss', price: 5, cost: 8 });
      const updating = await health(c);
      expect(updating).toEqual({ ...first, status: 'UPDATING' });
      const next = await eventually(async () => {
        const h = await health(c);
        return h.status === 'CURRENT' ? h : undefined;
      });
      expect(next.productCount).toBe(2);
      expect(count(next, 'negative_margin')).toBe(1);
    });

    it('takes over a job whose process died (its hold ran out)', async () => {
      const reports = c.connection.collection('product_health_reports');
      const past = new Date(Date.now() - 1000);
      await reports.updateOne({ _id: 'org_health_async' as never }, { $set: { runningUntil: past } });
      await c.product({ name: 'Another' });
      await health(c);
      const next = await eventually(async () => {
        const h = await health(c);
        return h.status === 'CURRENT' ? h : undefined;
      });
      expect(next.productCount).toBe(3);
      // A hold still running (another process) is left alone: the previous report, UPDATING.
      const future = new Date(Date.now() + 60_000);
      await reports.updateOne({ _id: 'org_health_async' as never }, { $set: { runningUntil: future } });
      await c.product({ name: 'One more' });
      await new Promise((r) => setTimeout(r, 300));
      expect(await health(c)).toMatchObject({ status: 'UPDATING', productCount: 3 });
    });
  });
});
