import { firstKept, retentionCutoff } from '../src/domain/audit-retention';

describe('the first entry a retention sweep keeps', () => {
  it('is the one after the last entry recorded before the cutoff', () => {
    expect(firstKept(5, 9)).toBe(6);
  });

  it('is the newest when every entry is past the retention: the next one links to it', () => {
    expect(firstKept(9, 9)).toBe(9);
    expect(firstKept(1, 1)).toBeUndefined();
  });

  it('is none when no entry was recorded before the cutoff', () => {
    expect(firstKept(undefined, 9)).toBeUndefined();
  });
});

it('puts the cutoff whole days before now', () => {
  expect(retentionCutoff(new Date('2026-03-31T12:00:00Z'), 30).toISOString()).toBe('2026-03-01T12:00:00.000Z');
});
