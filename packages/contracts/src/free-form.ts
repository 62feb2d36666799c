import { z } from 'zod';

/**
 * What a free-form object of the API may hold (a product's `customFields`, a variant's
 * `options`, an order's shipping address): plain JSON that every store keeps as given.
 * Before (issue #30), keys like `$set`, `a.b` or a NUL, values like `{"$gt": ""}` or 1e400
 * (Infinity), and nesting 5,000 deep reached the database and came back as 500s.
 */
export const FREE_FORM_LIMITS = {
  /** Characters in a key. */
  keyLength: 100,
  /** Levels of objects and arrays, the field itself being level 1. */
  depth: 5,
  /** Keys of one object, items of one array. */
  entries: 100,
  /** Characters in a string value. */
  stringLength: 10_000,
  /** The whole field as JSON, in characters. */
  size: 16_384,
} as const;

/**
 * A key: 1 to 100 characters, not starting with `$`, without `.` or control characters
 * (MongoDB reads the first two as operators and paths).
 */
export const FREE_FORM_KEY = /^(?!\$)[^.\u0000-\u001F\u007F-\u009F]{1,100}$/u;
const keyMessage = 'keys are 1-100 characters, without "." or control characters, not starting with "$"';

/** A key of a free-form object, trimmed (also the key of a string map such as a variant's options). */
export const freeFormKey = (maxLength: number = FREE_FORM_LIMITS.keyLength) =>
  z.string().trim().min(1).max(maxLength).regex(FREE_FORM_KEY, keyMessage);

/** The first way `value` breaks the limits, with its path; undefined when it holds. Iterative: any depth is safe. */
export function freeFormProblem(value: unknown): { path: (string | number)[]; message: string } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) return { path, message: 'numbers must be finite' };
    if (typeof v === 'string' && v.length > FREE_FORM_LIMITS.stringLength)
      return { path, message: `strings are at most ${FREE_FORM_LIMITS.stringLength} characters` };
    if (v === null || typeof v !== 'object') {
      if (!['string', 'number', 'boolean'].includes(typeof v) && v !== null)
        return { path, message: 'values are JSON: strings, numbers, booleans, null, objects, arrays' };
      continue;
    }
    if (path.length >= FREE_FORM_LIMITS.depth)
      return { path, message: `nesting is at most ${FREE_FORM_LIMITS.depth} levels` };
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    if (entries.length > FREE_FORM_LIMITS.entries)
      return { path, message: `at most ${FREE_FORM_LIMITS.entries} entries per object or array` };
    for (const [key, child] of entries) {
      if (typeof key === 'string' && !FREE_FORM_KEY.test(key)) return { path: [...path, key], message: keyMessage };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  if (JSON.stringify(value).length > FREE_FORM_LIMITS.size)
    return { path: [], message: `at most ${FREE_FORM_LIMITS.size} characters as JSON` };
  return undefined;
}

/** A free-form JSON object within FREE_FORM_LIMITS: each problem a 400 naming the field's path. */
export const freeFormObject = () =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const problem = freeFormProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
