import { IDENTITY_HEADER, signIdentity, STOREFRONT_PERMISSIONS } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from './isolation';

/** Headers a request carries when it comes through the gateway. */
export function asCaller(orgId: string, permissions: string[] = [], keyId = 'key_test') {
  return {
    [IDENTITY_HEADER]: signIdentity({ orgId, keyId, permissions }, TEST_IDENTITY_SECRET),
    'content-type': 'application/json',
  };
}

/**
 * Headers of a request from a storefront key as the gateway signs it: the channel the key is
 * bound to and the key's permissions (the harness's own identities carry no channel).
 */
export function asStorefront(
  orgId: string,
  channelId: string,
  permissions: readonly string[] = STOREFRONT_PERMISSIONS,
) {
  return {
    [IDENTITY_HEADER]: signIdentity(
      { orgId, keyId: 'key_storefront', permissions: [...permissions], channelId },
      TEST_IDENTITY_SECRET,
    ),
    'content-type': 'application/json',
  };
}
