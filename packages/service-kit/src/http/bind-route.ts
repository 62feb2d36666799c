import { routeNameOf, type BoundRoute, type PathParams, type RouteSchemas } from '@stockyard/contracts';
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { inAuditScope } from '../audit/audit-scope';
import { requestScope } from '../audit/request-scope';
import { checkAnswer } from './answer-check';
import { orgIdOf } from './context';
import { parse } from './validate';
import { nameRoute } from '../ops/http-metrics';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a bound handler gets: the caller's organization and the request's parts, parsed by the route's schemas. */
export interface RouteInput<S extends RouteSchemas, P extends string = string> {
  orgId: string;
  /** The path's parameters, typed by its template (or parsed by the route's params schema). */
  params: S['params'] extends z.ZodType ? z.output<S['params']> : PathParams<P>;
  query: Parsed<S['query']>;
  /** Undefined where the route streams another content type and the request is not JSON. */
  body: S['streams'] extends string ? Parsed<S['body']> | undefined : Parsed<S['body']>;
  /** For what the schemas do not say: a streamed body, a header. */
  req: Request;
  /** For a route that answers other than JSON (a CSV file): send it, and return nothing. */
  res: Response;
}

/** What a bound handler answers: the response schema's input (the binder sends it with the row's status). */
export type RouteOutput<S extends RouteSchemas> = S['response'] extends z.ZodType ? z.input<S['response']> : void;

export type RouteHandler<S extends RouteSchemas, P extends string = string> = (
  input: RouteInput<S, P>,
) => Promise<RouteOutput<S>> | RouteOutput<S>;

const boundRoutes = new WeakMap<Router, Set<string>>();
const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** `/products/{id}` as Express writes it. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts `handler` at a row of the route table: the row's method and path, its query and body
 * parsed by its schemas (400 validation_failed naming each field), its success status, and its
 * answer as JSON (204 and a handler that answered itself send nothing more).
 */
export function bindRoute<S extends RouteSchemas, P extends string>(
  router: Router,
  route: BoundRoute<S, P>,
  handler: RouteHandler<S, P>,
): void {
  const { schemas } = route;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let bound = boundRoutes.get(router);
  if (!bound) boundRoutes.set(router, (bound = new Set()));
  const name = keyOf(route);
  const routeName = routeNameOf(route);
  bound.add(name);
  router[method](expressPath(route.path), async (req: Request, res: Response) => {
    nameRoute(res, name);
    if (schemas.secretFields) res.locals.secretFields = schemas.secretFields;
    const input = {
      orgId: orgIdOf(req),
      params: schemas.params ? parse(schemas.params, req.params, 'params') : req.params,
      query: schemas.query ? parse(schemas.query, req.query, 'query') : undefined,
      body:
        schemas.body && (!schemas.streams || req.is('application/json'))
          ? parse(schemas.body, req.body, 'body')
          : undefined,
      req,
      res,
    } as RouteInput<S, P>;
    const scope = requestScope(req, routeName, route.status);
    res.locals.auditScope = scope; // a refusal's record (audit/refusals.ts) names the route
    const output = await inAuditScope(scope, () => handler(input));
    if (res.headersSent) return;
    if (route.status === 204 || schemas.response === null) {
      res.status(route.status).end();
      return;
    }
    checkAnswer(name, schemas.response, output);
    res.status(route.status).json(output);
  });
}

/** The rows bound on `router` (`METHOD path`), for the 501s of the rest. */
export const boundOn = (router: Router): ReadonlySet<string> => boundRoutes.get(router) ?? new Set();
