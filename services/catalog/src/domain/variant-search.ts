import { wordStarts } from '@stockyard/service-kit/search';
import { skuKey } from './product-derived';

/** Longest term kept, as the kit's `searchKey` and `wordStarts` cut them (its MAX_TERM_LENGTH, not exported). */
const MAX_TERM_LENGTH = 64;

/** What a variant is searched by: its product's name and its own name, SKU and barcodes. */
interface VariantSearchFields {
  name: string | null;
  sku: string | null;
  barcodes: readonly string[];
}

/**
 * A variant's search terms, lower case, sorted, each once: the word starts of its product's name
 * and of its own name (`wordStarts`), its SKU and barcodes whole. GET /variants?search= finds a
 * variant with a term starting with the search key: the index side of `variantMatches`.
 */
export function variantTermsOf(productName: string, v: VariantSearchFields): string[] {
  const terms = new Set<string>();
  for (const word of wordStarts(productName)) terms.add(word);
  if (v.name) for (const word of wordStarts(v.name)) terms.add(word);
  for (const code of v.sku ? [v.sku, ...v.barcodes] : v.barcodes) terms.add(skuKey(code).toLowerCase());
  terms.delete('');
  return [...new Set([...terms].map((t) => t.slice(0, MAX_TERM_LENGTH)))].sort();
}

/**
 * The shared prefixes of a variant's sorted terms: for each term, its longest common prefix
 * with the term before it, when not empty. A variant with terms starting with a key has them
 * in one run of its sorted terms, and every term of the run but the first shares at least the
 * key with the one before: so the variants with a term starting with a key number the terms
 * starting with it less the shared prefixes starting with it. Two index counts give a search's
 * exact total, however many terms each variant has that start with the key.
 */
export function sharedPrefixesOf(sortedTerms: readonly string[]): { term: string; prefix: string }[] {
  const shared: { term: string; prefix: string }[] = [];
  for (let i = 1; i < sortedTerms.length; i++) {
    const [before, term] = [sortedTerms[i - 1]!, sortedTerms[i]!];
    let n = 0;
    while (n < before.length && n < term.length && before[n] === term[n]) n++;
    if (n > 0 && isHighSurrogate(term.charCodeAt(n - 1))) n--; // never half a character
    if (n > 0) shared.push({ term, prefix: term.slice(0, n) });
  }
  return shared;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Whether any of the terms starts with the key (a search key: `searchKey`, never empty). */
export const termsMatch = (terms: readonly string[], key: string) => terms.some((t) => t.startsWith(key));

/** The first string after every string starting with `prefix` (its last character plus one). */
export const prefixEnd = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
