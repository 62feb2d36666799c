import path from 'node:path';
import express, { type Router } from 'express';
import { partnerApiDocument } from '@stockyard/contracts';

/**
 * Scalar's API reference as one browser script, from the installed `@scalar/api-reference`
 * (its package exports no path to it, so it is found beside a file the package does export).
 */
const SCALAR_SCRIPT = path.join(
  path.dirname(require.resolve('@scalar/api-reference/style.css')),
  'browser',
  'standalone.js',
);

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

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Stockyard partner API reference</title>
  </head>
  <body>
    <div id="reference"></div>
    <script src="/docs/scalar.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

/** Scalar's configuration: the document of this gateway, nothing fetched from elsewhere. */
const INIT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: '/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  agent: { disabled: true },
})});
`;

/**
 * The API reference, reachable without a key: `/openapi.json` (the document made from the
 * contracts, the same as `npm run -s openapi`) and `/docs` (Scalar's page over it). Both are
 * the same for everyone: nothing of any organization is in them.
 */
export function docsRoutes(): Router {
  // Made on the first request (a few hundred milliseconds of JSON Schema), not at every start.
  let document: string | undefined;
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(partnerApiDocument());
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(document);
  });
  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  router.get('/docs/scalar.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/javascript').sendFile(SCALAR_SCRIPT, { dotfiles: 'allow' }); // pnpm's store is node_modules/.pnpm
  });
  return router;
}
