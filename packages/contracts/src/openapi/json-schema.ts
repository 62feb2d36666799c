import { z } from 'zod';
import { MODELS, modelNameOf } from './models';

/** A JSON Schema object (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as OpenAPI 3.1 takes it: zod's own JSON Schema output, `input` for what a client
 * sends (before defaults and transforms) and `output` for what it receives. A Date (a parsed
 * query bound) goes on the wire as an ISO 8601 string.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  /** Refer to the named models (the partner document's answers), but in `definition`, the model defined. */
  models?: { definition?: z.ZodType },
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      portable(ctx.jsonSchema);
      // An answer's named model is referred to (components.schemas), but in the model's own definition.
      const zod = ctx.zodSchema as unknown as z.ZodType;
      const name = models && io === 'output' && zod !== models.definition ? modelNameOf(zod) : undefined;
      if (name) refer(ctx.jsonSchema, name);
    },
  }) as JsonSchema;
  delete json.$schema; // the document's jsonSchemaDialect says it once
  return json;
}

/** Turns a schema, in place, into a reference to the named model. */
function refer(json: JsonSchema, name: string): void {
  for (const key of Object.keys(json)) delete json[key];
  json.$ref = `#/components/schemas/${name}`;
}

/** `components.schemas`: each named model, defined once. */
export const modelSchemas = (): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(MODELS).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output', { definition: schema })]),
  );

/**
 * What zod writes that only zod reads, in the words every JSON Schema tool knows: a prefix is
 * its `pattern` alone (zod adds a `starts_with` format no validator knows), and a record keyed
 * by an enum lists its keys as properties (zod requires them without declaring them).
 */
function portable(json: JsonSchema): void {
  if (json.format === 'starts_with') delete json.format;
  const keys = (json.propertyNames as JsonSchema | undefined)?.enum;
  if (Array.isArray(keys) && typeof json.additionalProperties === 'object' && !json.properties) {
    json.properties = Object.fromEntries(keys.map((key) => [key, json.additionalProperties]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
}

interface ObjectField {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** The properties of an object schema, or of the objects an `allOf` joins (a list's filters and paging). */
export function objectFields(json: JsonSchema): ObjectField[] {
  const parts = Array.isArray(json.allOf) ? (json.allOf as JsonSchema[]) : [json];
  const fields = new Map<string, ObjectField>();
  for (const part of parts) {
    if (Array.isArray(part.allOf)) for (const f of objectFields(part)) fields.set(f.name, f);
    const required = new Set((part.required as string[] | undefined) ?? []);
    const properties = (part.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(properties)) {
      fields.set(name, { name, schema, required: required.has(name) || (fields.get(name)?.required ?? false) });
    }
  }
  return [...fields.values()];
}
