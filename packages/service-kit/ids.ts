// Keyed ids: the same ids again when a request with the same Idempotency-Key runs again.
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
