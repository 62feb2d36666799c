import { SearchIndex } from '../search';
import { TermPresence } from '../src/store/term-presence';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();
let index: SearchIndex;
let reads: { family: number; term: number };
let n = 0;

/** The index as the presence check sees it, its reads counted. */
const counted = () => ({
  termsStartingWith: (orgId: string, prefix: string, cap: number) => {
    reads.family++;
    return index.termsStartingWith(orgId, prefix, cap);
  },
  refsWithTerms: (orgId: string, terms: readonly string[], cap?: number) => {
    reads.term++;
    return index.refsWithTerms(orgId, terms, cap);
  },
});

beforeEach(() => {
  index = new SearchIndex(db(), `presence_terms_${++n}`);
  reads = { family: 0, term: 0 };
});

describe('TermPresence', () => {
  it('answers the asks of one moment with one read of the family per organization', async () => {
    await index.replace('org_a', 'o1', 1, ['#asm:v1', 'blue shirt', '#unlinked']);
    await index.replace('org_b', 'o2', 1, ['#asm:v2']);
    const presence = new TermPresence(counted(), '#asm:');
    const answers = await Promise.all([
      presence.holds('org_a', '#asm:v1'),
      presence.holds('org_a', '#asm:v2'),
      presence.holds('org_b', '#asm:v2'),
      presence.holds('org_b', '#asm:v1'),
      presence.holds('org_c', '#asm:v1'),
    ]);
    expect(answers).toEqual([true, false, true, false, false]);
    expect(reads).toEqual({ family: 3, term: 0 });
  });

  it('asks term by term what a family larger than its cap leaves unknown', async () => {
    for (const v of ['v1', 'v2', 'v3']) await index.replace('org_a', `o_${v}`, 1, [`#asm:${v}`]);
    const presence = new TermPresence(counted(), '#asm:', 2);
    const answers = await Promise.all([
      presence.holds('org_a', '#asm:v1'),
      presence.holds('org_a', '#asm:v3'),
      presence.holds('org_a', '#asm:v9'),
    ]);
    expect(answers).toEqual([true, true, false]);
    // v1 is among the first two rows read; v3 and v9 are each asked alone.
    expect(reads).toEqual({ family: 1, term: 2 });
  });

  it('keeps nothing between moments: a term written after an answer is seen by the next ask', async () => {
    const presence = new TermPresence(counted(), '#asm:');
    expect(await presence.holds('org_a', '#asm:v1')).toBe(false);
    await index.replace('org_a', 'o1', 1, ['#asm:v1']);
    expect(await presence.holds('org_a', '#asm:v1')).toBe(true);
    await index.replace('org_a', 'o1', 2, []);
    expect(await presence.holds('org_a', '#asm:v1')).toBe(false);
    expect(reads).toEqual({ family: 3, term: 0 });
  });

  it('finds a term longer than the index keeps by what it keeps of it', async () => {
    const long = `#asm:${'v'.repeat(80)}`;
    await index.replace('org_a', 'o1', 1, [long]);
    const presence = new TermPresence(counted(), '#asm:');
    expect(await presence.holds('org_a', long)).toBe(true);
    expect(await presence.holds('org_a', `${long}x`)).toBe(true); // the same first 64 characters
    expect(reads).toEqual({ family: 2, term: 0 });
  });

  it('refuses a term of another family', () => {
    const presence = new TermPresence(counted(), '#asm:');
    expect(() => presence.holds('org_a', '#unlinked')).toThrow('#unlinked is not of the term family #asm:');
  });
});
