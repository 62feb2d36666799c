import { searchKey, wordStartPattern, wordStarts } from '../search';

describe('word-start search terms', () => {
  it('are the suffixes of a text that begin a word, in lower case', () => {
    expect(wordStarts('Blue Shirt-XL')).toEqual(['blue shirt-xl', 'shirt-xl', 'xl']);
    expect(wordStarts('  (Big) hammer ')).toEqual(['big) hammer ', 'hammer ']);
    expect(wordStarts('')).toEqual([]);
  });

  it('match the exact check: a text found by the pattern is found by a term prefix, and back', () => {
    const names = ['Blue Shirt-XL', 'Claw hammer (16 oz)', 'a+b tools', 'ÉCLAIR / café', 'x', 'SAW_1.5'];
    const searches = [
      'shirt',
      'blue sh',
      'hirt',
      'xl',
      '16 o',
      '(16',
      'oz)',
      'a+b',
      '+b',
      'café',
      'éclair',
      'saw_1',
      '1.5',
    ];
    for (const name of names) {
      for (const search of searches) {
        const key = searchKey(search);
        const byTerms = key !== '' && wordStarts(name).some((term) => term.startsWith(key));
        expect([name, search, wordStartPattern(search).test(name)]).toEqual([name, search, byTerms]);
      }
    }
  });

  it('look a search up trimmed, in lower case, without leading separators', () => {
    expect(searchKey('  (Hammer ')).toBe('hammer');
    expect(searchKey('---')).toBe('');
  });
});
