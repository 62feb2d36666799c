import helmet from 'helmet';

/**
 * helmet's headers as a flat list (name, value, name, value...), worked out once: with
 * its default options helmet sets the same values on every response, so running its
 * dozen middlewares per request would only repeat the work. They are captured from
 * helmet itself, so they follow its releases.
 */
export function securityHeaders(options?: Parameters<typeof helmet>[0]): readonly string[] {
  const fields: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => fields.push(name, String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  if (fields.length === 0) throw new Error('helmet set no headers');
  return Object.freeze(fields);
}

/**
 * helmet set for a JSON API rather than for web pages (the OWASP REST Security Cheat
 * Sheet's list): answers may never be framed, run scripts or load anything (`default-src
 * 'none'; frame-ancestors 'none'`, X-Frame-Options DENY), are never content-sniffed, and
 * are only reached over HTTPS (HSTS); they go to no other origin's page (CORP) and leak
 * no referrer. The headers that only steer how a browser treats an HTML document or a
 * plug-in (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are left out: no answer here is one.
 */
export const API_SECURITY_HEADERS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Names of a flat header list. */
export const headerNames = (fields: readonly string[]) => fields.filter((_, i) => i % 2 === 0);
