import type { z } from 'zod';

/**
 * One CSV column: its header (`dimensions.length`, `lines.variantId`) and where its value is, in
 * the record or, for a `lines.` column, in one of the record's lines.
 */
export interface Column {
  name: string;
  path: readonly string[];
  inLine: boolean;
}

/** The one array of objects written as rows of their own (a purchase order's, invoice's, order's lines). */
export const LINES = 'lines';

/** What the walk reads of a zod schema's definition. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const defOf = (schema: z.ZodType) => schema.def as unknown as Def;

/** The schema under its wrappers (optional, nullable, default, lazy, a pipe's output): what the value is. */
function unwrap(schema: z.ZodType): Def {
  for (let def = defOf(schema); ;) {
    const inner = def.innerType ?? def.getter?.() ?? (def.type === 'pipe' ? pipeValue(def) : undefined);
    if (!inner) return def;
    def = defOf(inner);
  }
}
// A transform's output has no shape to read: its input describes the value then.
const pipeValue = (def: Def) => (def.out && defOf(def.out).type !== 'transform' ? def.out : def.in);

/** An object becomes a column per field (`a.b`), recursively; anything else is one column. */
function flatten(schema: z.ZodType, path: string[], inLine: boolean): Column[] {
  const def = unwrap(schema);
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => flatten(field, [...path, key], inLine));
  return [{ name: (inLine ? [LINES, ...path] : path).join('.'), path, inLine }];
}

/** The shape of the elements of `lines`, when the field is an array of objects. */
function lineShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = unwrap(schema);
  const element = def.type === 'array' && def.element ? unwrap(def.element) : undefined;
  return element?.type === 'object' ? element.shape : undefined;
}

/**
 * A record's CSV columns, from its schema alone (so the header is known before the first row and
 * the same for every file): its fields in order, or `fields` in theirs, nested objects flattened,
 * the fields of `lines` as `lines.<field>`.
 */
export function columnsOf(record: z.ZodObject, fields: readonly string[] | null): Column[] {
  const shape = record.shape as Record<string, z.ZodType>;
  return (fields ?? Object.keys(shape)).flatMap((name) => {
    const field = shape[name];
    if (!field) return [];
    const lines = name === LINES ? lineShape(field) : undefined;
    if (!lines) return flatten(field, [name], false);
    return Object.entries(lines).flatMap(([key, element]) => flatten(element, [key], true));
  });
}
