/** A page the gateway serves to anyone, without a key: nothing of any organization is in it. */
export interface PublicRoute {
  method: 'GET';
  /** At the gateway's root, beside /api/v1. */
  path: string;
  /** What the answer is (its Content-Type). */
  contentType: string;
  /** How long a reader may keep it, when it may (Cache-Control). */
  cacheControl?: string;
  summary: string;
}

/**
 * The gateway's public pages: the API reference and the document it reads. Not partner API
 * operations (no key, no organization, not JSON answers but the page's own), so not in the route
 * table; the gateway binds each by its row here.
 */
export const PUBLIC_ROUTES = {
  openApiDocument: {
    method: 'GET',
    path: '/openapi.json',
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'public, max-age=300',
    summary: 'The partner API’s OpenAPI 3.1 document, made from the contracts',
  },
  docsPage: {
    method: 'GET',
    path: '/docs',
    contentType: 'text/html; charset=utf-8',
    summary: 'The API reference: Scalar’s page over the document',
  },
  docsInit: {
    method: 'GET',
    path: '/docs/init.js',
    contentType: 'text/javascript; charset=utf-8',
    summary: 'The page’s script: Scalar configured for this gateway’s document',
  },
} as const satisfies Record<string, PublicRoute>;
