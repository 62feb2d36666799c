// Public-URL rules: what a webhook, feed or import URL may point at; how calls to peers go out.
export {
  assertPublicAddresses,
  checkPublicUrl,
  hostAllowlist,
  parsePublicUrl,
  type PublicUrlTarget,
  type Resolver,
  type UrlPolicy,
  type UrlRules,
} from './src/net/public-url';
export { publicOnlyLookup } from './src/net/public-only-lookup';
export { resolveHost } from './src/net/dns-resolver';
export { peerTransport } from './src/net/peer-transport';
