import type { JsonSchema } from './json-schema';

type Responses = Record<string, JsonSchema>;
type Operation = { responses?: Responses };

/** The codes of an error response's envelope (`error.code`'s enum), if it lists them. */
const codesOf = (response: JsonSchema): string[] => {
  const schema = (response as { content?: Record<string, { schema?: JsonSchema }> }).content?.['application/json']
    ?.schema as { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } | undefined;
  return schema?.properties?.error?.properties?.code?.enum ?? [];
};

/**
 * Every error response written out in an operation becomes a named one in `components.responses`,
 * each distinct answer once: routes of a service answer the same codes (118 distinct answers stood
 * for 337 written out, half the document). Named by its error type and first code
 * (`unprocessable_over_receipt`), numbered when two differ by the rest. Mutates `paths`; answers
 * the named responses in the order first met.
 */
export function shareErrorResponses(paths: Record<string, JsonSchema>): Responses {
  const named: Responses = {};
  const nameOf = new Map<string, string>();
  for (const item of Object.values(paths) as Record<string, Operation>[]) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400 || '$ref' in response) continue;
        const text = JSON.stringify(response);
        let name = nameOf.get(text);
        if (!name) {
          const type = String((response as { description?: string }).description).split(':')[0]!;
          const base = [type, codesOf(response)[0]].filter(Boolean).join('_');
          name = base;
          for (let n = 2; name in named; n++) name = `${base}_${n}`;
          named[name] = response;
          nameOf.set(text, name);
        }
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return named;
}
