import type { AuditRecordedPayload } from '@stockyard/contracts';
import { ChainCheck, checkStart, FROM_GENESIS, type CheckAnchor } from '../src/domain/audit-chain-check';
import { chained, EMPTY_CHAIN, type AuditEntry } from '../src/domain/audit-entry';
import { canonicalJson } from '@stockyard/service-kit/ids';

const payload = (n: number): AuditRecordedPayload => ({
  orgId: 'org_1',
  at: '2026-01-01T00:00:00.000Z',
  actor: { kind: 'system', keyId: null, name: null, role: null, type: null, job: 'sweep' },
  request: null,
  status: null,
  errorCode: null,
  resources: [{ type: 'hold', id: `hld_${n}`, action: 'changed', fields: { status: { before: 'A', after: 'B' } } }],
});
const chain = (count: number) =>
  chained(
    EMPTY_CHAIN,
    Array.from({ length: count }, (_, i) => ({ id: `evt_${i + 1}`, payload: payload(i + 1) })),
    new Date(),
  );
const check = (entries: AuditEntry[]) => {
  const c = new ChainCheck(FROM_GENESIS);
  for (const entry of entries) if (!c.add(entry)) break;
  return c.result();
};

it('writes one text for one value, whatever order its keys were built in', () => {
  expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x', skipped: undefined })).toBe(
    canonicalJson({ a: 'x', b: [2, { c: null, d: 1 }] }),
  );
  expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
});

it('chains entries 1, 2, 3 from the genesis, each linked to the one before', () => {
  const entries = chain(3);
  expect(entries.map((e) => e.sequence)).toEqual([1, 2, 3]);
  expect(entries[1]!.previousHash).toBe(entries[0]!.hash);
  expect(check(entries)).toMatchObject({ intact: true, checked: 3, firstSequence: 1, lastSequence: 3 });
});

it.each([
  ['content_changed', 2, (e: AuditEntry[]) => (e[1] = { ...e[1]!, content: e[1]!.content.replace('hld_2', 'hld_9') })],
  ['content_changed', 2, (e: AuditEntry[]) => (e[1] = { ...e[1]!, resourceId: 'hld_9' })],
  ['content_changed', 2, (e: AuditEntry[]) => (e[1] = { ...e[1]!, id: 'evt_other' })],
  ['link_broken', 3, (e: AuditEntry[]) => (e[2] = { ...e[2]!, previousHash: e[0]!.hash })],
  ['missing', 3, (e: AuditEntry[]) => e.splice(1, 1)],
] as const)('reports %s at sequence %i', (reason, sequence, tamper) => {
  const entries = chain(4);
  tamper(entries);
  expect(check(entries).brokenAt).toMatchObject({ reason, sequence });
});

describe('a chain a retention sweep shortened', () => {
  /** The chain of 6 from `first` on, checked as verify starts it (the anchor at sequence 4). */
  const checkFrom = (first: number, entries = chain(6), anchor: CheckAnchor = anchorAt(entries, 4)) => {
    const kept = entries.slice(first - 1);
    const c = new ChainCheck(checkStart(first, { firstLink: kept[0]!.previousHash, anchor }), anchor);
    for (const entry of kept) if (!c.add(entry)) break;
    return c.result();
  };
  const anchorAt = (entries: AuditEntry[], firstSequence: number): CheckAnchor => ({
    firstSequence,
    startsFrom: entries[firstSequence - 1]!.previousHash,
  });

  it('starts from the anchor once the entries below it are gone', () => {
    const entries = chain(6);
    expect(checkFrom(4, entries)).toMatchObject({ intact: true, checked: 3, startsFrom: entries[2]!.hash });
  });

  it('starts from the oldest entry left while the sweep is unfinished', () => {
    const entries = chain(6);
    expect(checkFrom(2, entries)).toMatchObject({ intact: true, checked: 5, startsFrom: entries[0]!.hash });
  });

  it('reports link_broken at the anchored entry when the anchor names another hash, removal unfinished', () => {
    const entries = chain(6);
    const forged = { firstSequence: 4, startsFrom: 'f'.repeat(64) };
    expect(checkFrom(2, entries, forged).brokenAt).toMatchObject({ sequence: 4, reason: 'link_broken' });
    expect(checkFrom(4, entries, forged).brokenAt).toMatchObject({ sequence: 4, reason: 'link_broken' });
  });

  it('reports missing when entries above the anchor are gone', () => {
    expect(checkFrom(5).brokenAt).toMatchObject({ sequence: 5, reason: 'missing' });
  });

  it('starts from the stored entry before the range, or the genesis at the first place', () => {
    expect(checkStart(1, {})).toEqual(FROM_GENESIS);
    expect(checkStart(3, { before: 'h2', firstLink: 'x' })).toEqual({ sequence: 2, hash: 'h2' });
    expect(checkStart(3, { firstLink: 'x' })).toEqual({ sequence: 2, hash: null });
  });
});
