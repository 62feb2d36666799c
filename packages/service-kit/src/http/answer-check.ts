import type { z } from 'zod';

/**
 * Answers are checked against their response schema where STOCKYARD_CHECK_RESPONSES is set
 * (the test suite sets it), so a response that drifts from the contracts fails a test instead
 * of a partner's client. Off in production: a list's check costs as much as its query.
 */
export function checkAnswer(route: string, schema: z.ZodType, output: unknown): void {
  if (process.env.STOCKYARD_CHECK_RESPONSES !== 'true') return;
  const result = schema.safeParse(output);
  if (result.success) return;
  const fields = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`${route} answered outside its response schema: ${fields}`);
}
