import { IDENTITY_HEADER, signIdentity } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from './isolation';

/** Headers a request carries when it comes through the gateway. */
export function asCaller(orgId: string, permissions: string[] = [], keyId = 'key_test') {
  return {
    [IDENTITY_HEADER]: signIdentity({ orgId, keyId, permissions }, TEST_IDENTITY_SECRET),
    'content-type': 'application/json',
  };
}
