import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDENTITY_HEADER, matchRoute, routesForPath, type RouteSpec, type ServiceName } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import type { Authenticator, Caller } from '../auth/authenticator';
import type { IdentitySigner } from './identity-signer';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
      /** The route-table entry (not express's own `req.route`). */
      apiRoute?: RouteSpec;
    }
  }
}

export const API_PREFIX = '/api/v1';

/** 1. Who is calling (401). Runs before routing so nothing is revealed to anonymous callers. */
export const authenticate = (auth: Authenticator) => async (req: Request, _res: Response, next: NextFunction) => {
  // A client never gets to speak for the gateway (forward() also overwrites it; `delete`
  // only when present keeps the headers object fast on the normal path).
  if (req.headers[IDENTITY_HEADER] !== undefined) delete req.headers[IDENTITY_HEADER];
  req.caller = await auth.authenticate(req.get('authorization'));
  next();
};

/** 3. Which route of the table (404 / 405), and may this key call it (403). */
export const authorize = (req: Request, res: Response, next: NextFunction) => {
  const path = req.path; // relative to the /api/v1 mount
  const match = matchRoute(req.method, path);
  if (!match) {
    const allowed = routesForPath(path).map((r) => r.method);
    if (allowed.length > 0) {
      res.setHeader('Allow', [...new Set(allowed)].join(', '));
      throw new AppError('method_not_allowed', `${req.method} is not allowed on ${API_PREFIX}${path}`, 'method_not_allowed');
    }
    throw new AppError('not_found', `No route for ${req.method} ${API_PREFIX}${path}`, 'route_not_found');
  }
  const caller = req.caller!;
  const surface = caller.key.type === 'storefront' ? 'storefront' : 'admin';
  if (match.route.surface !== surface) {
    throw new AppError('forbidden', `A ${caller.key.type} key cannot call the ${match.route.surface} API`, 'wrong_key_type');
  }
  if (!caller.permissions.includes(match.route.permission)) {
    throw new AppError('forbidden', `This API key lacks the ${match.route.permission} permission`, 'missing_permission');
  }
  req.apiRoute = match.route;
  next();
};

/** 4a. Routes the gateway serves itself (API keys, settings); the rest go on to the proxy. */
export const serveOwn = (own: RequestHandler) => (req: Request, res: Response, next: NextFunction) =>
  req.apiRoute!.service === 'gateway' ? own(req, res, next) : next();

/** 4b. Hand the request to the owning service with a signed identity. */
export const forward =
  (proxies: Map<ServiceName, (req: Request, res: Response, next: NextFunction) => unknown>, signer: IdentitySigner) =>
  (req: Request, res: Response, next: NextFunction) => {
    const proxy = proxies.get(req.apiRoute!.service);
    if (!proxy) throw new AppError('not_implemented', `${req.method} ${req.path} is not implemented yet`, 'not_implemented');
    req.headers[IDENTITY_HEADER] = signer.headerFor(req.caller!);
    req.headers['x-request-id'] = req.requestId;
    delete req.headers.authorization; // services never see the key itself
    res.locals.proxyStartedAt = Date.now();
    // Mounted handlers see a stripped path; the proxy must forward the full one.
    req.url = req.originalUrl;
    return proxy(req, res, next);
  };
