import { lookup } from 'node:dns/promises';
import type { Resolver } from './public-url';

/** Every address the system resolver returns, as an outbound request's HTTP client would see them. */
export const resolveHost: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
};
