import { ROUTES, type RouteSpec } from '@stockyard/contracts';
import { startChannels, type Channels } from './support/channels';

const key = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;
const catalogRows = ROUTES.filter((r) => r.service === 'catalog');
// A path id no organization has: each built row answers it (404, 400) without a 501 or a 5xx.
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'prd_routebinding0000000000');

describe("catalog's routes answer themselves", () => {
  let h: Channels;
  beforeAll(async () => {
    h = await startChannels('org_route_binding');
  });
  afterAll(() => h.close());

  it('answers each bound row itself (no 501, no 5xx)', async () => {
    const answers: string[] = [];
    for (const row of catalogRows) {
      const res = await h.request(row.method, concrete(row.path), row.method === 'GET' ? undefined : {});
      if (res.status === 501 || res.status >= 500) answers.push(`${key(row)}: ${res.status}`);
    }
    expect(answers).toEqual([]);
  });
});
