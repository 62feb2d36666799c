import path from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';
import { partnerApiDocument, PUBLIC_ROUTES, ROUTES } from '@stockyard/contracts';
import { bindPublic } from '@stockyard/service-kit/http';

/**
 * Scalar's browser build from the installed `@scalar/api-reference` (its package exports no path
 * to it, so it is found beside a file the package does export): `standalone.esm.js` and the chunks
 * it imports. The module build, not the one-file `standalone.js`: the page evaluates a third less
 * script before it can fetch the document, and the parts it does not show (the API client, the
 * search) are loaded when used.
 */
const SCALAR_DIR = path.join(path.dirname(require.resolve('@scalar/api-reference/style.css')), 'browser');

/**
 * The page may run only its own scripts and talk only to this origin: Scalar's stylesheet
 * is injected at run time (inline styles), its fonts are the system's (no font CDN), and the
 * document is fetched from /openapi.json.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The mount point is not `id="api-reference"`: Scalar's bundle, when it loads, mounts a reference
 * of its own on that element (its HTML API), with its defaults and no document. That one covered
 * the page as an endless skeleton, loaded fonts.scalar.com and showed Ask AI; ours rendered below it.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>Stockyard partner API reference</title>
  </head>
  <body>
    <div id="reference"></div>
    <script type="module" src="${PUBLIC_ROUTES.docsInit.path}"></script>
  </body>
</html>
`;

/**
 * Scalar's configuration: the document of this gateway, nothing fetched from elsewhere and nothing
 * that sends a reader elsewhere (Ask AI, SDK and MCP generation, the developer tools, Scalar's
 * client app). Unless its address names a part of the reference, the page opens at the document's
 * first operation, so the first screen shows one (the introduction is the sidebar's first entry).
 */
const init = (openAt: string) => `import { createApiReference } from '/docs/scalar/standalone.esm.js';
if (!location.hash) history.replaceState(null, '', ${JSON.stringify(openAt)});
createApiReference('#reference', ${JSON.stringify({
  url: PUBLIC_ROUTES.openApiDocument.path,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
})});
`;

/** A name as Scalar's `slugify` makes it part of an address: lower case, other than letters and digits dropped. */
const scalarSlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The document's tags and paths as the document orders them (partnerApiDocument: a tag per service
 * in the route table's order, a path item per template at its first route), without their schemas:
 * where the page opens is known at once, before the document is made.
 */
function outline(): Record<string, unknown> {
  const paths: Record<string, Record<string, { tags: string[] }>> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = { tags: [route.service] };
  return { tags: [...new Set(ROUTES.map((r) => r.service))].map((name) => ({ name })), paths };
}

/** Scalar's address of the first operation of the first tag, as its sidebar orders them. */
function firstOperationHash(document: Record<string, unknown>): string {
  const tag = (document.tags as { name: string }[])[0]?.name ?? '';
  for (const [route, item] of Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.tags?.includes(tag)) return `#tag/${scalarSlug(tag)}/${method.toUpperCase()}${route}`;
    }
  }
  return ''; // none: the page opens at the top
}

/**
 * The API reference, reachable without a key: `/openapi.json` (the document made from the
 * contracts, the same as `npm run -s openapi`) and `/docs` (Scalar's page over it). Both are
 * the same for everyone: nothing of any organization is in them. Answers are compressed when the
 * reader accepts it (the document is 0.9 MB as JSON, 45 KB gzipped; Scalar's scripts shrink as much);
 * the partner API's own answers are not (this router's compression reaches only its routes).
 */
export function docsRoutes(): Router {
  // Made when the page is first asked for (a few hundred milliseconds of JSON Schema), while the
  // browser loads Scalar's scripts, not at every start: the test suite starts gateways by the hundred.
  let json: string | undefined;
  const document = () => (json ??= JSON.stringify(partnerApiDocument()));
  const initScript = init(firstOperationHash(outline()));
  const router = express.Router();
  const compress = compression();
  router.use([PUBLIC_ROUTES.openApiDocument.path, PUBLIC_ROUTES.docsPage.path], compress);
  bindPublic(router, PUBLIC_ROUTES.openApiDocument, document);
  bindPublic(router, PUBLIC_ROUTES.docsPage, (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    if (!json) setImmediate(document);
    return PAGE;
  });
  bindPublic(router, PUBLIC_ROUTES.docsInit, () => initScript);
  // Only the scripts (not the source maps); dotfiles allowed because pnpm's store is node_modules/.pnpm.
  router.use('/docs/scalar', (req, _res, next) => next(req.path.endsWith('.js') ? undefined : 'router'));
  router.use('/docs/scalar', express.static(SCALAR_DIR, { dotfiles: 'allow', index: false, maxAge: '1d' }));
  return router;
}
