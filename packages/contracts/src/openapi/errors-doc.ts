import { ERROR_STATUS, ErrorBodySchema, type ErrorType } from '../errors';
import type { RouteSpec } from '../routes';
import type { RouteSchemas } from '../api/bound-route';
import type { ErrorCode } from '../api/error-codes';
import { GENERIC_CODES, genericCodesOf } from './generic-errors';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import { answerHeaders } from './headers-doc';

const DESCRIPTIONS: Record<ErrorType, string> = {
  bad_request: 'Malformed JSON, or a parameter, query or body field that breaks the schema (details name each field)',
  unauthorized: 'No API key, or one that is unknown or revoked',
  forbidden: 'The key lacks the permission this route needs',
  not_found: 'No such resource in the organization (another organization’s id is not found either)',
  method_not_allowed: 'The path exists but not with this method',
  conflict: 'The resource’s state does not allow it, or an Idempotency-Key is still in progress',
  payload_too_large: 'The body is larger than the gateway accepts',
  unsupported_media_type: 'The body is not application/json',
  unprocessable: 'A business rule refuses it, or an Idempotency-Key was reused with another body',
  rate_limited: 'The key made too many requests this minute; Retry-After says when to try again',
  internal: 'An unexpected failure (never bad input)',
  not_implemented: 'The route is in the table but not built yet',
  bad_gateway: 'The service behind the gateway answered wrongly',
  unavailable: 'The service behind the gateway is down or overloaded',
  gateway_timeout: 'The service behind the gateway did not answer in time',
};

/** The error types any route can answer, whatever it takes (the last three: the gateway's, of its upstream). */
const ALWAYS: ErrorType[] = [
  'unauthorized',
  'forbidden',
  'rate_limited',
  'internal',
  'bad_gateway',
  'unavailable',
  'gateway_timeout',
];

const byStatus = (a: ErrorType, b: ErrorType) => ERROR_STATUS[a] - ERROR_STATUS[b];

/**
 * The codes a route can answer: the generic ones for what it takes (a 400 where anything is
 * parsed, a 404 where an id is in the path, the Idempotency-Key's on a POST, the gateway's) and
 * the business codes its schemas declare (`errors`). The code is the stable reason partners
 * branch on (`over_receipt`); its type alone decides the status.
 */
export function errorCodesOf(route: RouteSpec, schemas: RouteSchemas | undefined): ErrorCode[] {
  if (!schemas) return [];
  const codes = new Map<string, ErrorCode>();
  // The route's own first: a response's example shows its first code.
  for (const c of [...(schemas.errors ?? []), ...genericCodesOf(route, schemas)])
    if (!codes.has(`${c.type} ${c.code}`)) codes.set(`${c.type} ${c.code}`, c);
  return [...codes.values()];
}

/** The error types a route can answer: those of its codes, and 501 while the route is pending. */
export function errorTypesOf(route: RouteSpec, schemas: RouteSchemas | undefined): ErrorType[] {
  if (!schemas) return (['not_implemented', ...ALWAYS] as ErrorType[]).sort(byStatus);
  const types = new Set<ErrorType>([...ALWAYS, ...errorCodesOf(route, schemas).map((c) => c.type)]);
  return [...types].sort(byStatus);
}

const codeList = (codes: readonly ErrorCode[]) => codes.map((c) => `- \`${c.code}\`: ${c.description}`).join('\n');

/**
 * The error envelope whose `code` is one of `codes`: ErrorBody itself with the code narrowed
 * (an `allOf` over a closed object reads as "no other field" to some validators).
 */
function envelopeOf(codes: readonly ErrorCode[]): JsonSchema {
  const body = structuredClone(errorBody()) as { properties: { error: { properties: Record<string, JsonSchema> } } };
  body.properties.error.properties.code = { type: 'string', enum: codes.map((c) => c.code) };
  return body;
}

function errorResponse(type: ErrorType, codes: readonly ErrorCode[]): JsonSchema {
  const code = codes[0]?.code ?? type;
  const example = {
    error: { code, message: codes[0]?.description ?? DESCRIPTIONS[type], requestId: 'req_01J8ZK2M3N' },
  };
  const listed = codes.length > 0 ? `\n\n${codeList(codes)}` : '';
  return {
    description: `${type}: ${DESCRIPTIONS[type]}.${listed}`,
    headers: answerHeaders(...(HEADERS_OF[type] ?? [])),
    content: { 'application/json': { schema: codes.length > 0 ? envelopeOf(codes) : ERROR_BODY_REF, example } },
  };
}

/**
 * Headers an error type adds to every answer's: when to try again (an Idempotency-Key still in
 * progress, the rate limit, an overloaded service), the scheme to authenticate with.
 */
const HEADERS_OF: Partial<Record<ErrorType, string[]>> = {
  unauthorized: ['WWW-Authenticate'],
  conflict: ['Retry-After'],
  rate_limited: ['Retry-After'],
  unavailable: ['Retry-After'],
};

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

/** Every generic code of a type: what `components.responses.<type>` lists. */
const genericOfType = (type: ErrorType): ErrorCode[] =>
  GENERIC_CODES.filter((g) => g.type === type).map(({ code, description }) => ({ code, type, description }));

const sameCodes = (a: readonly ErrorCode[], b: readonly ErrorCode[]) =>
  a.length === b.length && a.every((c) => b.some((d) => d.code === c.code && d.description === c.description));

/**
 * A route's answer of one error type: the shared component when its codes are exactly the
 * generic ones of the type, else its own, listing the codes it can answer with a description each.
 */
export function errorResponseOf(type: ErrorType, routeCodes: readonly ErrorCode[]): JsonSchema {
  const codes = routeCodes.filter((c) => c.type === type);
  if (codes.length === 0 || sameCodes(codes, genericOfType(type))) return { $ref: `#/components/responses/${type}` };
  return errorResponse(type, codes);
}

/**
 * `components.responses`: one response per error type an operation refers to, each the error
 * envelope with its generic codes (a 405 answers a path without the method: no operation names it).
 */
export function errorResponses(used: ReadonlySet<string>): Record<string, JsonSchema> {
  const types = (Object.keys(ERROR_STATUS) as ErrorType[]).filter((type) => used.has(type));
  return Object.fromEntries(types.map((type) => [type, errorResponse(type, genericOfType(type))]));
}

const errorBodySchema = (): JsonSchema => jsonSchemaOf(ErrorBodySchema, 'output');

/** ErrorBody's JSON Schema made once: every route-specific envelope copies it (hundreds per document). */
let madeErrorBody: JsonSchema | undefined;
const errorBody = () => (madeErrorBody ??= errorBodySchema());
