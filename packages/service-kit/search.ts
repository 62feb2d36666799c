// The search-term rows under TermIndex: what a list's `q` matches.
export {
  SearchIndex,
  searchKey,
  searchText,
  termRows,
  wordStarts,
  wordStartPattern,
  type SearchHits,
} from './src/store/search-index';
export type { TermIndexOptions } from './src/store/term-index';
