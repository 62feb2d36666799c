import { z } from 'zod';
import type { ErrorCode } from './error-codes';
import type { Permission } from '../permissions';
import type { HttpMethod, RouteSpec, ServiceName } from '../route-spec';

/**
 * The wire shapes of one route: its path parameters, query and body as the service parses
 * them, and its success response (`null`: no JSON body, a 204 or a file). The kit's binder
 * validates by them, tests check responses against them, and the OpenAPI document is made
 * from them.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
  /** A response that is not JSON (`text/csv`): `response` is null then. */
  produces?: string;
  /**
   * Response fields shown once (a key's plaintext, a signing secret): an Idempotency-Key's
   * stored answer leaves them out, so a replay answers without them.
   */
  secretFields?: readonly string[];
  /**
   * The business error codes the route answers (its service's rules), beside the generic ones
   * every route answers by what it takes (`validation_failed`, `resource_not_found` for an id in
   * the path, the gateway's). The OpenAPI document lists them per status.
   */
  errors?: readonly ErrorCode[];
  /** Headers the success answer carries beyond every answer's (a page's `Link`, a job's `Location`). */
  headers?: readonly RouteHeader[];
  /** Other success statuses, each with when (a re-pushed order is 200, not 201). Same body. */
  alsoAnswers?: Readonly<Record<number, string>>;
  /**
   * A body of this content type is handed to the handler unread (`req`, a CSV upload streamed),
   * beside a JSON body parsed by `body`: the binder parses only an application/json request then.
   */
  streams?: string;
}

/** The headers a route may declare on its success answer (headers-doc.ts describes each). */
export const ROUTE_HEADERS = ['Link', 'Location', 'X-Total-Count', 'Content-Disposition'] as const;
export type RouteHeader = (typeof ROUTE_HEADERS)[number];

/** A row of the route table with its schemas: what a service binds a handler to. */
export type BoundRoute<S extends RouteSchemas = RouteSchemas, P extends string = string> = RouteSpec & {
  path: P;
  schemas: S;
};

/** The parameter names of a path template: `'id' | 'lineId'` for `/orders/{id}/lines/{lineId}`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A path's parameters as the router hands them over: each named one, a string. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string | undefined>
  : { [K in PathParamNames<P>]: string };

/** What a row may add beside its schemas (a supplier feed's larger body). */
type RowOptions = Pick<RouteSpec, 'maxBodyBytes'>;

const declare =
  (service: ServiceName, origin: RouteSpec['origin'], surface: RouteSpec['surface']) =>
  <S extends RouteSchemas, P extends string>(
    method: HttpMethod,
    path: P,
    permission: Permission,
    status: number,
    schemas: S,
    options: RowOptions = {},
  ): BoundRoute<S, P> => ({ method, path, service, permission, status, origin, surface, ...options, schemas });

/**
 * How a service's `api/<service>.api.ts` declares its routes, each once: `spec(...)` for a route
 * the partner spec lists, `added(...)` for one we added where it is silent, `storefront(...)` for
 * one a channel-bound storefront key calls. The route table (`ROUTES`) is these declarations.
 */
export const declareRoutes = (service: ServiceName) => ({
  spec: declare(service, 'spec', 'admin'),
  added: declare(service, 'added', 'admin'),
  storefront: declare(service, 'added', 'storefront'),
});

/** A row's schemas (every row of `ROUTES` is a declaration with them). */
export const schemasOf = (route: RouteSpec): RouteSchemas | undefined => (route as Partial<BoundRoute>).schemas;

/** The property names of an object schema as a client sends it (its JSON Schema), or none. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
    return Object.keys(json.properties ?? {});
  } catch {
    return []; // a schema JSON Schema cannot express (a transform on the whole object)
  }
}

/** The fields a row's body schema declares; empty for a row without an object body. */
export const bodyFieldsOf = (route: RouteSpec): string[] => fieldsOf(schemasOf(route)?.body);

/** The query parameters a row's query schema declares. */
export const queryFieldsOf = (route: RouteSpec): string[] => fieldsOf(schemasOf(route)?.query);
