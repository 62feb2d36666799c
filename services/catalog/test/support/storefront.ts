import { IDENTITY_HEADER, signIdentity } from '@stockyard/contracts';
import { TEST_IDENTITY_SECRET } from '@stockyard/testkit';

/**
 * The identity header of a storefront key as the gateway signs it: `products.read` and the
 * channel the key is bound to (the harness's own identities carry no channel). Signed per
 * request: identities are valid for 60 s.
 */
export const asStorefront = (orgId: string, channelId: string) => ({
  [IDENTITY_HEADER]: signIdentity(
    { orgId, keyId: 'key_storefront', permissions: ['products.read'], channelId },
    TEST_IDENTITY_SECRET,
  ),
});
