import { prefixEnd, sharedPrefixesOf, termsMatch, variantTermsOf } from '../src/domain/variant-search';

describe('variant search terms', () => {
  it("holds the word starts of the product's and the variant's names, the SKU and barcodes, lower case, once", () => {
    const terms = variantTermsOf('Blue Shirt', { name: 'Shirt - XL', sku: ' bs-xl ', barcodes: ['0123', 'BS-XL'] });
    expect(terms).toEqual(['0123', 'blue shirt', 'bs-xl', 'shirt', 'shirt - xl', 'xl']);
    expect(variantTermsOf('Mug', { name: null, sku: null, barcodes: [] })).toEqual(['mug']);
  });

  it('finds a variant by a key its terms start with, not by a middle of a word', () => {
    const terms = variantTermsOf('Blue Shirt', { name: null, sku: 'BS-1', barcodes: [] });
    expect(['blu', 'blue sh', 'shirt', 'bs-', 'bs-1'].every((key) => termsMatch(terms, key))).toBe(true);
    expect(['hirt', 'lue', 's-1', 'blue shirts'].some((key) => termsMatch(terms, key))).toBe(false);
  });

  it('gives each term after the first the prefix it shares with the one before, when there is one', () => {
    expect(sharedPrefixesOf(['ab', 'abc', 'abd', 'b', 'bz'])).toEqual([
      { term: 'abc', prefix: 'ab' },
      { term: 'abd', prefix: 'ab' },
      { term: 'bz', prefix: 'b' },
    ]);
    expect(sharedPrefixesOf(['x'])).toEqual([]);
    // Never half of a character outside the BMP.
    expect(sharedPrefixesOf(['\u{1F600}a', '\u{1F601}b'])).toEqual([]);
  });

  it('counts the variants matching a key exactly: terms starting with it less shared prefixes starting with it', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => 'abc'[Math.floor(random() * 3)]).join('');
    const variants = Array.from({ length: 300 }, () => {
      const name = Array.from({ length: 1 + Math.floor(random() * 3) }, word).join(' ');
      return variantTermsOf(name, { name: random() < 0.5 ? word() : null, sku: word(), barcodes: [] });
    });
    const keys = new Set(variants.flat().flatMap((t) => Array.from({ length: t.length }, (_, i) => t.slice(0, i + 1))));
    expect(keys.size).toBeGreaterThan(50);
    const inRange = (s: string, key: string) => s >= key && s < prefixEnd(key);
    for (const key of keys) {
      const terms = variants.flat().filter((t) => inRange(t, key)).length;
      const shared = variants.flatMap(sharedPrefixesOf).filter((s) => inRange(s.prefix, key)).length;
      const matching = variants.filter((v) => termsMatch(v, key)).length;
      expect({ key, count: terms - shared }).toEqual({ key, count: matching });
    }
  });
});
