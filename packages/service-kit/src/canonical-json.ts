/** A piece of JSON text already written (a bracket, a key, a comma) on canonicalJson's stack. */
class Text {
  constructor(readonly text: string) {}
}

/**
 * The JSON text of a value with every object's keys sorted, written without recursion so no
 * nesting can overflow the stack (the same text JSON.stringify gives for a parsed body).
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) out.push(item.text);
    else if (Array.isArray(item)) {
      stack.push(new Text(']'));
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i] ?? null, ...(i > 0 ? [new Text(',')] : []));
      stack.push(new Text('['));
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      stack.push(new Text('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(record[keys[i]!], new Text(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
      }
      stack.push(new Text('{'));
    } else out.push(JSON.stringify(item ?? null));
  }
  return out.join('');
}
