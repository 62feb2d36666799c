import { ROUTES, type RouteSpec } from '@stockyard/contracts';
import { PURCHASING_API } from '@stockyard/contracts';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_holds';
const key = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;

describe('customer holds linked to lines (no orders service yet: the null holds port)', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG);
  }, 60_000);
  afterAll(() => h.close());

  it('refuses a link to a hold nobody knows with 422 unknown_reservation', async () => {
    const { po, lineId } = await h.submittedOrder(2);
    const res = await h.request('POST', `/purchase-orders/${po.id}/lines/${lineId}/link-reservations`, {
      reservationIds: ['res_1'],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_reservation');
  });

  it('lists no linked and no linkable holds', async () => {
    const { po } = await h.submittedOrder(2);
    for (const path of ['reservations', 'linkable-reservations']) {
      const res = await h.request('GET', `/purchase-orders/${po.id}/${path}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [] });
    }
    expect((await h.request('GET', '/purchase-orders/po_nope/reservations')).status).toBe(404);
  });

  it('answers each bound row itself (no 501, no 5xx) and 501 not_implemented for the rows not built yet', async () => {
    const bound = new Set(Object.values(PURCHASING_API).map(key));
    const concrete = (path: string) => path.replace(/\{\w+\}/g, 'po_routebinding000');
    const rows = ROUTES.filter((r) => r.service === 'purchasing');
    const wrong: string[] = [];
    for (const row of rows) {
      const res = await h.request(row.method, concrete(row.path), row.method === 'GET' ? undefined : {});
      const built = bound.has(key(row));
      if (built ? res.status === 501 || res.status >= 500 : res.status !== 501)
        wrong.push(`${key(row)}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
