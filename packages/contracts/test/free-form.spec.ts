import { freeFormKey, freeFormObject, FREE_FORM_LIMITS } from '../src';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const issuesOf = (value: unknown) => {
  const result = freeFormObject().safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('free-form objects', () => {
  it('take plain JSON within the limits', () => {
    const value = { color: 'red', sizes: [1, 2.5, null], nested: { ok: true, deeper: { list: ['x'] } }, Größe: 'M' };
    expect(freeFormObject().parse(value)).toEqual(value);
    expect(issuesOf(nested(FREE_FORM_LIMITS.depth))).toEqual([]);
  });

  it.each([
    ['an operator key', { $set: 1 }, '$set'],
    ['a dotted key', { 'a.b': 1 }, 'a.b'],
    ['a NUL in a key', { 'a\u0000b': 1 }, 'a\u0000b'],
    ['an operator key deeper down', { price: { $gt: '' } }, 'price.$gt'],
    ['Infinity', { big: Infinity }, 'big'],
    ['a too long string', { s: 'x'.repeat(FREE_FORM_LIMITS.stringLength + 1) }, 's'],
    ['too many entries', { list: Array.from({ length: FREE_FORM_LIMITS.entries + 1 }, () => 1) }, 'list'],
  ])('refuse %s, naming its path', (_name, value, path) => {
    expect(issuesOf(value)).toEqual([expect.stringMatching(new RegExp(`^${path.replace(/[.$]/g, '\\$&')}: `))]);
  });

  it('refuse nesting past the limit at any depth, without recursion', () => {
    expect(issuesOf(nested(FREE_FORM_LIMITS.depth + 1))).toHaveLength(1);
    expect(issuesOf(nested(100_000))).toHaveLength(1);
  });

  it('refuse a field larger than the size limit', () => {
    const value = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'x'.repeat(400)]));
    expect(issuesOf(value)).toEqual([expect.stringContaining(`${FREE_FORM_LIMITS.size} characters`)]);
  });

  it('hold map keys to the same rule', () => {
    expect(freeFormKey(50).safeParse(' Color ').data).toBe('Color');
    for (const key of ['$where', 'a.b', '', '   ', 'x'.repeat(51)])
      expect(freeFormKey(50).safeParse(key).success).toBe(false);
  });
});
