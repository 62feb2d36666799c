import type { IncomingMessage, ServerResponse } from 'node:http';
import { IDENTITY_HEADER, matchRoute, routesForPath, type RouteSpec } from '@stockyard/contracts';
import { AppError, type Logger } from '@stockyard/service-kit';
import { sendError } from '@stockyard/service-kit/http';
import type { Authenticator, Caller } from '../auth/authenticator';
import { clientOf } from '../auth/client-address';
import { errors } from '../domain/errors';
import { bufferedBody, limitedBody, resendable } from './body-limit';
import type { HeaderSink } from '../limits/rate-limit';
import type { IdentitySigner } from './identity-signer';
import type { Upstreams } from './upstreams';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
    }
  }
}

/** What the pipeline notes on a request as it goes (express reads `caller` in the gateway's own routes). */
export interface ApiRequest extends IncomingMessage {
  requestId: string;
  caller?: Caller;
  /** The route-table row it matched (`GET /products/{id}`), for its metrics. */
  routeName?: string;
}

export const API_PREFIX = '/api/v1';

/**
 * The gateway's own headers of one answer (request id, helmet's, the rate limit's),
 * gathered while the request is checked: a proxied answer writes them with the service's
 * in one writeHead; any other answer sets them on the response first (`applyTo`).
 */
class ResponseHead implements HeaderSink {
  readonly headersSent = false;
  readonly fields: string[];

  constructor(requestId: string, security: readonly string[]) {
    this.fields = ['X-Request-Id', requestId, ...security];
  }

  setHeader(name: string, value: string | number): void {
    this.fields.push(name, String(value));
  }

  applyTo(res: ServerResponse): void {
    const fields = this.fields;
    for (let i = 0; i < fields.length; i += 2) res.setHeader(fields[i]!, fields[i + 1]!);
  }
}

interface ApiPipeline {
  authenticator: Authenticator;
  /** Resolves when the key is within its limit; rejects with 429. Its headers go to the sink. */
  rateLimit: (req: IncomingMessage, headers: HeaderSink) => Promise<void>;
  signer: IdentitySigner;
  upstreams: Upstreams;
  /** Serves the routes the gateway owns (API keys, settings), mounted at API_PREFIX. */
  own: (req: IncomingMessage, res: ServerResponse) => void;
  /** Largest proxied body, unless the route's `maxBodyBytes` (the feed upload) is larger. */
  bodyLimitBytes: number;
  /** helmet's headers (security-headers.ts), on every answer. */
  security: readonly string[];
  logger: Logger;
  /** Records a change this key may not make (403) in the audit trail, before it is answered. */
  refused: (req: ApiRequest, route: RouteSpec, err: AppError) => Promise<void>;
}

/** True for /api/v1, /api/v1/… and /api/v1?…: the partner API the pipeline serves. */
export function isApiPath(url: string): boolean {
  if (!url.startsWith(API_PREFIX)) return false;
  const next = url.charCodeAt(API_PREFIX.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63; /* ? */
}

/**
 * The partner API, in this order (services/gateway/README.md says why):
 * 1. who is calling (401), 2. the key's rate limit (429), 3. which route and may this
 * key call it (404/405/403), 4. the gateway's own routes, or the owning service through
 * a pooled connection with the caller's identity signed in a header, the body within the
 * route's size limit (413).
 * Plain Node request handling: express's per-request work would cost more than the hop.
 */
export function apiPipeline(deps: ApiPipeline) {
  return async (request: IncomingMessage, res: ServerResponse): Promise<void> => {
    const req = request as ApiRequest;
    const head = new ResponseHead(req.requestId, deps.security);
    let matched: RouteSpec | undefined;
    try {
      // A client never gets to speak for the gateway.
      if (req.headers[IDENTITY_HEADER] !== undefined) delete req.headers[IDENTITY_HEADER];
      req.caller = await deps.authenticator.authenticate(req.headers.authorization, clientOf(req.socket.remoteAddress));
      await deps.rateLimit(req, head);
      const route = (matched = routeOf(req.method!, apiPath(req.url!), res));
      req.routeName = `${route.method} ${route.path}`;
      mayCall(route, req.caller);
      if (route.service === 'gateway') {
        head.applyTo(res);
        return deps.own(req, res);
      }
      const limit = Math.max(route.maxBodyBytes ?? 0, deps.bodyLimitBytes);
      const again = resendable(req);
      const body = again ? await bufferedBody(req, limit) : limitedBody(req, limit);
      // Replaces any client-sent copy; the key itself (Authorization) is never forwarded.
      const headers = [IDENTITY_HEADER, deps.signer.headerFor(req.caller), 'x-request-id', req.requestId];
      await deps.upstreams.forward(route.service, { req, res, headers, head: head.fields, body, resendable: again });
    } catch (err) {
      if (matched && err instanceof AppError && err.status === 403 && req.method !== 'GET')
        await deps
          .refused(req, matched, err)
          .catch((failure: Error) =>
            deps.logger.warn({ err: failure.message, requestId: req.requestId }, 'refusal not recorded'),
          );
      if (err instanceof AppError && err.status >= 500)
        deps.logger.warn({ err: err.message, code: err.code, requestId: req.requestId }, failureLogMessage(err.code));
      if (!res.headersSent) head.applyTo(res);
      sendError(res, err, req.requestId, deps.logger, { method: req.method, url: req.url });
    }
  };
}

/** What a 5xx the gateway answers is logged as: only the hop's own failures are upstream errors. */
const failureLogMessage = (code: string) => (code.startsWith('upstream_') ? 'upstream error' : 'gateway error');

/** The path below /api/v1, without the query string. */
function apiPath(url: string): string {
  const query = url.indexOf('?');
  const path = url.slice(API_PREFIX.length, query === -1 ? undefined : query);
  return path === '' ? '/' : path;
}

/** Which route of the table (404 / 405). */
function routeOf(method: string, path: string, res: ServerResponse): RouteSpec {
  const match = matchRoute(method, path);
  if (!match) {
    const allowed = routesForPath(path).map((r) => r.method);
    if (allowed.length > 0) {
      res.setHeader('Allow', [...new Set(allowed)].join(', '));
      throw errors.method_not_allowed(`${method} is not allowed on ${API_PREFIX}${path}`);
    }
    throw errors.route_not_found(`No route for ${method} ${API_PREFIX}${path}`);
  }
  return match.route;
}

/** May this key call the route (403). */
function mayCall(route: RouteSpec, caller: Caller): void {
  const surface = caller.key.type === 'storefront' ? 'storefront' : 'admin';
  if (route.surface !== surface) {
    throw errors.wrong_key_type(`A ${caller.key.type} key cannot call the ${route.surface} API`);
  }
  if (!caller.permissions.includes(route.permission)) {
    throw errors.missing_permission(`This API key lacks the ${route.permission} permission`);
  }
}
