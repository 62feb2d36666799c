import { SearchIndex } from '../search';
import { MAX_TERM_LENGTH } from '../src/store/search-index';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();
let index: SearchIndex;
let n = 0;

beforeEach(() => {
  index = new SearchIndex(db(), `search_terms_${++n}`);
});

const termsOf = async (orgId: string, ref: string) =>
  (await index.model.find({ orgId, ref }).lean()).map((r) => r.term).sort();

describe('SearchIndex', () => {
  it('finds records by a prefix of any of their terms, in its organization only', async () => {
    await index.replace('org_a', 'p1', 1, ['blue shirt', 'shirt', 'sku-1']);
    await index.replace('org_a', 'p2', 1, ['shirt dress', 'dress']);
    await index.replace('org_b', 'p3', 1, ['shirt']);
    expect((await index.refsStartingWith('org_a', 'shi', 10)).refs.sort()).toEqual(['p1', 'p2']);
    expect(await index.refsStartingWith('org_a', 'sku-', 10)).toEqual({ refs: ['p1'], complete: true });
    expect(await index.refsStartingWith('org_a', 'hirt', 10)).toEqual({ refs: [], complete: true });
    expect(await index.refsStartingWith('org_b', 'shirt', 10)).toEqual({ refs: ['p3'], complete: true });
  });

  it('replaces a record’s terms, and a replay of the same version changes nothing', async () => {
    await index.replace('org_a', 'p1', 1, ['old name', 'name']);
    await index.replace('org_a', 'p1', 2, ['new name', 'name']);
    expect(await termsOf('org_a', 'p1')).toEqual(['name', 'new name']);
    await index.replace('org_a', 'p1', 2, ['new name', 'name']);
    expect(await termsOf('org_a', 'p1')).toEqual(['name', 'new name']);
    expect((await index.refsStartingWith('org_a', 'old', 10)).refs).toEqual([]);
  });

  it('never loses a newer version’s term to an older update replayed after it', async () => {
    await index.replace('org_a', 'p1', 1, ['anvil']);
    await index.replace('org_a', 'p1', 3, ['hammer', 'claw']);
    await index.replace('org_a', 'p1', 2, ['anvil', 'tongs']); // late replay of an older write
    const terms = await termsOf('org_a', 'p1');
    expect(terms).toEqual(expect.arrayContaining(['claw', 'hammer']));
    // What the older write added may linger (a superset: the caller's exact check drops it).
    expect(terms.filter((t) => !['claw', 'hammer'].includes(t))).toEqual(['anvil', 'tongs']);
  });

  it('keeps a term a newer version still has when an older version without it is replayed', async () => {
    await index.replace('org_a', 'p1', 1, ['a1']);
    await index.replace('org_a', 'p1', 2, ['a1', 'b2']);
    await index.replace('org_a', 'p1', 1, ['a1']);
    expect(await termsOf('org_a', 'p1')).toEqual(['a1', 'b2']);
  });

  it('says when more records match than asked for', async () => {
    for (let i = 0; i < 5; i++) await index.replace('org_a', `p${i}`, 1, [`widget ${i}`]);
    expect(await index.refsStartingWith('org_a', 'widget', 5)).toMatchObject({ complete: true });
    const capped = await index.refsStartingWith('org_a', 'widget', 3);
    expect(capped.complete).toBe(false);
    expect(capped.refs).toHaveLength(3);
  });

  it('finds records by exact terms: any of them, never by a prefix, in its organization only', async () => {
    await index.replace('org_a', 'b1', 1, ['var_1', 'var_2']);
    await index.replace('org_a', 'b2', 1, ['var_2', 'var_3']);
    await index.replace('org_a', 'b3', 1, ['var_10']);
    await index.replace('org_b', 'b4', 1, ['var_1']);
    const refs = async (terms: string[]) => (await index.refsWithTerms('org_a', terms, 10)).refs.sort();
    expect(await refs(['var_1'])).toEqual(['b1']);
    expect(await refs(['var_2', 'var_3', 'var_2'])).toEqual(['b1', 'b2']);
    expect(await refs(['var_'])).toEqual([]);
    expect(await refs([])).toEqual([]);
    expect(await index.refsWithTerms('org_b', ['var_1', 'var_2'], 10)).toEqual({ refs: ['b4'], complete: true });
    await index.replace('org_a', 'b1', 2, ['var_3']);
    expect(await refs(['var_1'])).toEqual([]);
    expect(await refs(['var_3'])).toEqual(['b1', 'b2']);
  });

  it('says when more records hold the terms than asked for, and finds all when not asked for a number', async () => {
    for (let i = 0; i < 4; i++) await index.replace('org_a', `b${i}`, 1, [i % 2 ? 'odd' : 'even', 'any']);
    expect(await index.refsWithTerms('org_a', ['odd', 'even'], 4)).toMatchObject({ complete: true });
    expect(await index.refsWithTerms('org_a', ['any'], 4)).toMatchObject({ complete: true });
    const capped = await index.refsWithTerms('org_a', ['odd', 'even'], 3);
    expect(capped.complete).toBe(false);
    expect(capped.refs).toHaveLength(3);
    expect((await index.refsWithTerms('org_a', ['odd'], 1)).complete).toBe(false);
    expect(await index.refsWithTerms('org_a', ['odd', 'even'])).toMatchObject({ complete: true });
    expect((await index.refsWithTerms('org_a', ['odd', 'even'])).refs).toHaveLength(4);
  });

  it('looks a term longer than the longest kept up by what was kept of it', async () => {
    const long = 'x'.repeat(MAX_TERM_LENGTH + 10);
    await index.replace('org_a', 'p1', 1, [long]);
    expect((await index.refsWithTerms('org_a', [long], 10)).refs).toEqual(['p1']);
  });

  it('removes every term of a record given none, and reads a range bounded by the prefix', async () => {
    await index.replace('org_a', 'p1', 1, ['ab', 'abz', 'ac']);
    await index.replace('org_a', 'p2', 1, ['ab\uffffx']);
    expect((await index.refsStartingWith('org_a', 'ab', 10)).refs.sort()).toEqual(['p1', 'p2']);
    await index.replace('org_a', 'p1', 2, []);
    expect(await termsOf('org_a', 'p1')).toEqual([]);
  });
});
