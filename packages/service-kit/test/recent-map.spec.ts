import { RecentMap } from '../store';

describe('RecentMap', () => {
  it('keeps at most its limit, dropping the least recently set or read entry', () => {
    const recent = new RecentMap<string, number>(2);
    recent.set('a', 1).set('b', 2);
    expect(recent.get('a')).toBe(1); // a is now the newest
    recent.set('c', 3);
    expect([recent.has('a'), recent.has('b'), recent.has('c')]).toEqual([true, false, true]);
    expect(recent.size).toBe(2);
  });

  it('replaces a value in place without growing, and forgets a deleted key', () => {
    const recent = new RecentMap<string, number>(2);
    recent.set('a', 1).set('a', 5);
    expect(recent.size).toBe(1);
    expect(recent.get('a')).toBe(5);
    expect(recent.delete('a')).toBe(true);
    expect(recent.get('a')).toBeUndefined();
  });
});
