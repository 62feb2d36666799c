import { UniqueClaims } from '../src';
import { conflict } from '../src/errors';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();
let claims: UniqueClaims;
const keyOf = (v: string) => v.trim().toUpperCase();

beforeAll(() => {
  claims = new UniqueClaims({
    collection: db().collection('code_claims'),
    keyOf,
    holderField: 'holderId',
    valueField: 'code',
    holders: db().collection('code_holders'),
    holds: (holder, key) => keyOf(holder.code as string) === key,
    taken: (code) => conflict(`Code ${code} is taken`, 'code_taken'),
  });
});

describe('UniqueClaims', () => {
  it('claims a value for one holder per organization; another holder gets the taken error', async () => {
    expect(await claims.claim('org_a', 'h1', ['ab-1'])).toEqual(['AB-1']);
    await expect(claims.claim('org_a', 'h2', [' AB-1 '])).rejects.toMatchObject({ status: 409, code: 'code_taken' });
    expect(await claims.claim('org_b', 'h2', ['AB-1'])).toEqual(['AB-1']);
    expect(await claims.claim('org_a', 'h1', ['AB-1'])).toEqual([]); // already its own
    expect(await claims.holders('org_a', ['ab-1', 'none'])).toEqual(new Map([['AB-1', 'h1']]));
  });

  it('claims all or nothing: a taken value releases the ones this call claimed', async () => {
    await claims.claim('org_a', 'h1', ['X-1']);
    await expect(claims.claim('org_a', 'h3', ['Y-1', 'X-1'])).rejects.toMatchObject({ code: 'code_taken' });
    expect(await claims.holders('org_a', ['Y-1'])).toEqual(new Map());
  });

  it("releases only the holder's own claims", async () => {
    await claims.claim('org_a', 'h1', ['R-1']);
    await claims.release('org_a', 'h2', ['R-1']);
    expect((await claims.holders('org_a', ['R-1'])).get('R-1')).toBe('h1');
    await claims.release('org_a', 'h1', ['R-1']);
    expect(await claims.claim('org_a', 'h2', ['R-1'])).toEqual(['R-1']);
  });

  it("releases many holders' keys in one call, only each holder's own", async () => {
    await claims.claim('org_m', 'h1', ['M-1', 'M-2']);
    await claims.claim('org_m', 'h2', ['M-3']);
    await claims.releaseMany(
      'org_m',
      new Map([
        ['h1', ['M-1']],
        ['h9', ['M-3']],
      ]),
    );
    expect(await claims.holders('org_m', ['M-1', 'M-2', 'M-3'])).toEqual(
      new Map([
        ['M-2', 'h1'],
        ['M-3', 'h2'],
      ]),
    );
  });

  it('takes over a stale claim whose holder is gone, moved on or foreign, never a live one', async () => {
    const old = new Date(Date.now() - 5 * 60_000);
    await db()
      .collection('code_claims')
      .insertMany([
        { _id: 'org_a:STALE', orgId: 'org_a', code: 'STALE', holderId: 'gone', createdAt: old },
        { _id: 'org_a:KEPT', orgId: 'org_a', code: 'KEPT', holderId: 'alive', createdAt: old },
        { _id: 'org_a:MOVED', orgId: 'org_a', code: 'MOVED', holderId: 'moved', createdAt: old },
        { _id: 'org_a:ELSEWHERE', orgId: 'org_a', code: 'ELSEWHERE', holderId: 'foreign', createdAt: old },
      ] as never);
    await db()
      .collection('code_holders')
      .insertMany([
        { _id: 'alive', orgId: 'org_a', code: 'kept' },
        { _id: 'moved', orgId: 'org_a', code: 'OTHER' },
        { _id: 'foreign', orgId: 'org_b', code: 'ELSEWHERE' },
      ] as never);
    expect(await claims.claim('org_a', 'h4', ['stale'])).toEqual(['STALE']);
    expect(await claims.claim('org_a', 'h4', ['moved'])).toEqual(['MOVED']);
    expect(await claims.claim('org_a', 'h4', ['elsewhere'])).toEqual(['ELSEWHERE']);
    await expect(claims.claim('org_a', 'h4', ['kept'])).rejects.toMatchObject({ code: 'code_taken' });
  });

  it('gives one value to exactly one of many concurrent holders', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => claims.claim('org_c', `h${i}`, ['RACE'])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
