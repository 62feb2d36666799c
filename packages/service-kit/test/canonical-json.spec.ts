import { canonicalJson } from '../src/canonical-json';
import { jsonDepth } from '../src/http/json-body';

const sortedStringify = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

describe('canonicalJson', () => {
  it.each([
    ['scalars', [1, 'two', true, null, -0.5]],
    ['an object with keys out of order', { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } }],
    ['empty containers', { a: [], b: {}, c: [[]] }],
    ['strings that need escaping', { 'k"ey': 'line\nbreak', é: '\u0000' }],
  ])('writes %s as JSON.stringify with sorted keys does', (_name, value) => {
    expect(canonicalJson(value)).toBe(sortedStringify(value));
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('writes nesting of any depth without overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":['.repeat(100_000)}1${']}'.repeat(100_000)}`) as unknown;
    expect(canonicalJson(deep)).toHaveLength(100_000 * 8 + 1);
    expect(jsonDepth(deep)).toBe(200_000);
    expect(jsonDepth(deep, 32)).toBe(33);
  });
});
