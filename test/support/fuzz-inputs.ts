/** The classes of bad input the route fuzz sends (test/fuzz-routes.int.spec.ts). */

/** A small seeded generator (mulberry32): the same seed, the same requests. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSON text nested `levels` deep (arrays), written without recursion. */
export const deepJson = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** Path ids, already URL-encoded: traversal, NUL, over 128 characters, operators, odd Unicode. */
export const ODD_IDS = [
  '..%2F..',
  '%00',
  'a'.repeat(300),
  '%24gt',
  '%E2%80%AE',
  '%20',
  '__proto__',
  '-1',
  '%F0%9F%98%80',
];

/** Query strings: bad paging, operator objects (the extended parser), arrays, long and odd values. */
export const badQueries = () => [
  'limit=-1',
  'limit=abc',
  'limit=1e400',
  'offset=-5&skip=-1',
  'take=0',
  'limit[$gt]=1',
  'offset[]=1&offset[]=2',
  'startingAfter=%00',
  'startingAfter=not-a-cursor',
  'sortBy=__proto__&sortOrder=sideways',
  `search=${'x'.repeat(5000)}`,
  'search[$regex]=.*',
  'includeDeleted=maybe&archived=1',
  'a[b][c][d][e][f][g]=1',
  'type=BUNDLE&type=SIMPLE',
];

/** One query parameter a route declares, given bad values: long, odd, empty, an operator, repeated, nested. */
export const badQueryValues = (name: string) => [
  `${name}=${'x'.repeat(3000)}`,
  `${name}=%00`,
  `${name}=`,
  `${name}[$ne]=1`,
  `${name}=1&${name}=2`,
  `${name}[a][b][c]=1`,
  `${name}=-1e400`,
  `${name}=%E2%80%AE%F0%9F%98%80`,
];

/** Whole bodies: not JSON, not an object, too deep, prototype keys, numbers JSON cannot hold. */
export const badBodies = (): [string, string][] => [
  ['not json', 'not json'],
  ['array', '[]'],
  ['string', '"text"'],
  ['null', 'null'],
  ['empty object', '{}'],
  ['proto key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'],
  ['too deep', deepJson(5000)],
  ['deep object', `{"a":${deepJson(3000)}}`],
  ['1e400', '{"quantity":1e400,"price":-1e400}'],
  ['operator keys', '{"$set":{"orgId":"other"},"$where":"1"}'],
];

/** Values for one field: wrong types, edge numbers, long and odd strings, operator objects, nesting. */
export const badValues = (): unknown[] => [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  1e-11,
  1e-320,
  2 ** 53 + 1,
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000',
  '\u202e',
  '$gt',
  'a.b',
  { $gt: '' },
  { $set: { a: 1 } },
  { 'a.b': 1, $x: 2, '\u0000': 3 },
  [],
  [1, 'two', null],
  {},
  'NaN',
  '2026-13-45T99:99:99Z',
  'https://example.invalid/x',
];

/** Field names the API's bodies use, for routes whose body schema is not bound yet. */
export const FIELD_NAMES = [
  'name',
  'sku',
  'type',
  'quantity',
  'price',
  'cost',
  'variantId',
  'warehouseId',
  'binId',
  'customFields',
  'options',
  'components',
  'childIds',
  'orderedChildIds',
  'ids',
  'url',
  'events',
  'enabled',
  'reason',
  'code',
  'lines',
  'permissions',
  'role',
  'channelId',
  'expiresAt',
];
