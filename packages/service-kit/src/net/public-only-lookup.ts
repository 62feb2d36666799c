import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { nonPublicReason } from './ip-address';

/**
 * The `lookup` of an outbound request's socket (a webhook delivery, a feed fetch). The
 * addresses checked are the ones the connection then uses, so a host that re-points its DNS
 * at an internal address after its URL was accepted (DNS rebinding) is refused at connect time.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const blocked = addresses.find((entry) => nonPublicReason(entry.address));
    if (blocked) {
      const refused = Object.assign(new Error(`${hostname} resolves to a non-public address (${blocked.address})`), {
        code: 'ENONPUBLIC',
      });
      return callback(refused, '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
};
