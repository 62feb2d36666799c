import type { RouteSchemas } from '../api/bound-route';
import { schemasOf } from '../api/bound-route';
import { ERROR_STATUS } from '../errors';
import { errorCodesOf, errorResponseOf, errorTypesOf } from './errors-doc';
import { answerHeaders } from './headers-doc';
import { jsonSchemaOf, objectFields, type JsonSchema } from './json-schema';
import { exampleOf, type RouteExample } from './examples';
import { routeNameOf, type RouteName, type RouteSpec } from '../routes';

const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

const withExample = (parameter: JsonSchema, value: unknown): JsonSchema =>
  value === undefined ? parameter : { ...parameter, example: value };

function parameters(route: RouteSpec, schemas: RouteSchemas | undefined, example?: RouteExample): JsonSchema[] {
  const declared = schemas?.params ? objectFields(jsonSchemaOf(schemas.params, 'input')) : [];
  const path = pathParamNames(route.path).map((name) =>
    withExample(
      {
        name,
        in: 'path',
        required: true,
        schema: declared.find((f) => f.name === name)?.schema ?? { type: 'string', minLength: 1 },
      },
      example?.params?.[name],
    ),
  );
  const query = schemas?.query
    ? objectFields(jsonSchemaOf(schemas.query, 'input')).map((f) =>
        withExample(
          {
            name: f.name,
            in: 'query',
            required: f.required,
            ...(typeof f.schema.description === 'string' ? { description: f.schema.description } : {}),
            schema: f.schema,
          },
          example?.query?.[f.name],
        ),
      )
    : [];
  const idempotency = route.method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
  return [...path, ...query, ...idempotency];
}

function success(route: RouteSpec, schemas: RouteSchemas, description: string): JsonSchema {
  // A POST's answer may be an Idempotency-Key's stored one, marked so.
  const replayed = route.method === 'POST' ? ['Idempotent-Replayed'] : [];
  const answer: JsonSchema = { description, headers: answerHeaders(...(schemas.headers ?? []), ...replayed) };
  if (schemas.response)
    answer.content = { 'application/json': { schema: jsonSchemaOf(schemas.response, 'output', {}) } };
  else if (schemas.produces) answer.content = { [schemas.produces]: { schema: { type: 'string', format: 'binary' } } };
  return answer;
}

function responses(route: RouteSpec, schemas: RouteSchemas | undefined): JsonSchema {
  const codes = errorCodesOf(route, schemas);
  const errors = Object.fromEntries(
    errorTypesOf(route, schemas).map((type) => [String(ERROR_STATUS[type]), errorResponseOf(type, codes)]),
  );
  if (!schemas) return errors;
  const successes = {
    [String(route.status)]: success(route, schemas, route.status === 204 ? 'No content' : 'Success'),
    ...Object.fromEntries(
      Object.entries(schemas.alsoAnswers ?? {}).map(([status, when]) => [status, success(route, schemas, when)]),
    ),
  };
  return { ...successes, ...errors };
}

function description(route: RouteSpec, pending: boolean): string {
  const lines = [
    `Needs the \`${route.permission}\` permission` +
      (route.surface === 'storefront' ? ' on a storefront key (bound to one channel).' : ' on an admin key.'),
    route.origin === 'added' ? 'Not in the partner spec: added where it was silent.' : '',
    pending ? '**Pending**: in the route table but not built yet; it answers 501 `not_implemented`.' : '',
  ];
  return lines.filter(Boolean).join('\n\n');
}

/** `createPurchaseOrder` → `Create purchase order`. */
function summaryOf(operationId: string): string {
  const words = operationId
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The OpenAPI operation of one row of the route table, from its bound zod schemas. */
export function operationOf(route: RouteSpec): JsonSchema {
  const schemas = schemasOf(route);
  const example = exampleOf(routeNameOf(route) as RouteName);
  const operation: JsonSchema = {
    operationId: routeNameOf(route),
    summary: summaryOf(routeNameOf(route)),
    description: description(route, !schemas),
    tags: [route.service],
    security: [{ bearerAuth: [] }],
    'x-permission': route.permission,
    'x-service': route.service,
    'x-surface': route.surface,
    'x-origin': route.origin,
    ...(schemas ? {} : { 'x-pending': true }),
    parameters: parameters(route, schemas, example),
    responses: responses(route, schemas),
  };
  if (schemas?.body) {
    const streamed = schemas.streams ? { [schemas.streams]: { schema: { type: 'string' } } } : {};
    const exampleOfJson = example?.body === undefined || example.contentType ? {} : { example: example.body };
    operation.requestBody = {
      required: true,
      content: {
        ...streamed,
        'application/json': { schema: jsonSchemaOf(schemas.body, 'input'), ...exampleOfJson },
      },
    };
    if (schemas.streams && example?.contentType === schemas.streams)
      Object.assign(streamed[schemas.streams]!, { example: example.body });
  } else if (example?.contentType) {
    // A body read as a stream (a CSV upload): its type and the example, as text.
    operation.requestBody = {
      required: true,
      content: { [example.contentType]: { schema: { type: 'string' }, example: example.body } },
    };
  }
  return operation;
}
