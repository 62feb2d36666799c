// Keyed ids: the same ids again when a request with the same Idempotency-Key runs again; and the
// one JSON text of a value (sorted keys), which hashes are taken of.
export {
  inKeyedRequest,
  isKeyedRerun,
  keyedPart,
  newIdSeed,
  randomBase62,
  randomId,
  unkeyed,
  withKeyedIds,
} from './src/ids';
export { canonicalJson } from './src/canonical-json';
