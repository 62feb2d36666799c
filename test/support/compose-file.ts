/**
 * docker-compose.yml as `docker compose` reads it on a machine with nothing set: YAML merge keys
 * applied, `${VAR:-default}` resolved to its default, and the result checked against the Compose
 * Specification's JSON schema.
 *
 * The schema is the compose-spec project's `compose-spec.json` (Apache-2.0), as shipped in the
 * npm package dclint (MIT) under schemas/compose.schema.json; read from node_modules, not copied.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parse } from 'yaml';

export const COMPOSE_FILE = path.resolve(__dirname, '..', '..', 'docker-compose.yml');

/**
 * `${VAR:-default}` / `${VAR-default}` resolve to their default, as on a machine with
 * nothing set; a bare `${VAR}` has no value then, so it is reported, not guessed.
 */
export function interpolate(value: string, where: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g,
    (match, name?: string, fallback?: string) => {
      if (match === '$$') return '$';
      if (fallback === undefined)
        throw new Error(`${where}: \${${name}} has no default, so \`docker compose up\` needs it set`);
      return fallback;
    },
  );
}

/** Every string of a parsed file interpolated (compose interpolates before it validates). */
function interpolateAll(value: unknown, where: string): unknown {
  if (typeof value === 'string') return interpolate(value, where);
  if (Array.isArray(value)) return value.map((v, i) => interpolateAll(v, `${where}[${i}]`));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, `${where}.${k}`)]));
  return value;
}

/** The file's text parsed as compose does (merge keys on), before interpolation. */
export const parseCompose = (text: string): unknown => parse(text, { merge: true });

const schemaFile = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');

function compileSchema() {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  // It names draft-07 as "https://json-schema.org/draft-07/schema", which Ajv (whose draft-07
  // meta-schema is "http://json-schema.org/draft-07/schema#") would look up and not find.
  delete schema.$schema;
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
}

let validate: ReturnType<typeof compileSchema> | undefined;

const describeError = (e: ErrorObject) =>
  `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}` +
  (e.keyword === 'additionalProperties' ? `: ${String(e.params.additionalProperty)}` : '');

/** What the compose schema rejects in a parsed file, one line each; empty when it is valid. */
export function composeProblems(parsed: unknown): string[] {
  validate ??= compileSchema();
  if (validate(interpolateAll(parsed, '(file)'))) return [];
  return (validate.errors ?? []).map(describeError);
}

export const readComposeFile = (): unknown => parseCompose(readFileSync(COMPOSE_FILE, 'utf8'));
