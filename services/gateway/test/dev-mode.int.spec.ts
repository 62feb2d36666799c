import { json } from '@stockyard/testkit';
import { configSchema } from '../src/config';
import { startGateway, type TestGateway } from './support/gateway';

/**
 * `npm run dev -- purchasing` (scripts/dev.ts): the gateway fronts purchasing alone and every other
 * upstream is a closed port. A partner route of an absent service says it was not started.
 */
describe('the gateway under npm run dev (DEV_SERVICE=purchasing, every upstream a closed port)', () => {
  let gw: TestGateway;
  let adminKey: string;

  beforeAll(async () => {
    gw = await startGateway({ DEV_SERVICE: 'purchasing' });
    ({ adminKey } = await gw.newOrg());
  });
  afterAll(() => gw?.close());

  it("answers an absent service's route 503 upstream_unavailable, saying how to start it", async () => {
    const res = await gw.api('GET', '/stock/movements', adminKey);
    expect(res.status).toBe(503);
    expect((await json(res)).error).toMatchObject({
      code: 'upstream_unavailable',
      message:
        'The inventory service is not running: npm run dev started only purchasing ' +
        '(start it with npm run dev -- inventory, or run npm start for the whole system)',
    });
  });

  it('answers the started service down as unavailable, without the dev-mode hint', async () => {
    const res = await gw.api('GET', '/purchase-orders', adminKey);
    expect(res.status).toBe(503);
    expect((await json(res)).error).toMatchObject({
      code: 'upstream_unavailable',
      message: 'The purchasing service is unavailable',
    });
  });

  it('takes DEV_SERVICE as a service name other than the gateway', () => {
    const setting = configSchema.shape.DEV_SERVICE;
    expect(setting.parse('inventory')).toBe('inventory');
    expect(setting.parse(undefined)).toBeUndefined();
    expect(setting.safeParse('gateway').success).toBe(false);
  });
});
