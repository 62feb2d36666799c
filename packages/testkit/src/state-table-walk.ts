import type { StateTable } from '@stockyard/service-kit/store';

/** What driving one trigger from one status did: the status it led to, or the error code it was refused with. */
export type StepOutcome<S extends string> = { status: S } | { code: string };

/**
 * Proves an implementation against its state table: for every status and every trigger
 * (only `triggers`, when given), `step` puts an aggregate in `from`, fires `trigger` through
 * the real code (a domain function, a route) and says what happened. An allowed pair must
 * lead to the table's status; a forbidden one must be refused with the table's code.
 * Returns the pairs walked, so a test can also assert how many it covered.
 */
export async function walkStateTable<S extends string, T extends string>(
  table: StateTable<S, T>,
  step: (from: S, trigger: T) => Promise<StepOutcome<S>> | StepOutcome<S>,
  triggers: readonly T[] = table.triggers,
): Promise<{ from: S; trigger: T; expected: StepOutcome<S>; actual: StepOutcome<S> }[]> {
  const walked = [];
  for (const from of table.statuses) {
    for (const trigger of triggers) {
      const to = table.transitions[from][trigger];
      const expected: StepOutcome<S> = to === undefined ? { code: table.code } : { status: to };
      walked.push({ from, trigger, expected, actual: await step(from, trigger) });
    }
  }
  const wrong = walked.filter((w) => JSON.stringify(w.actual) !== JSON.stringify(w.expected));
  if (wrong.length > 0) {
    const lines = wrong.map(
      (w) => `${w.from} --${w.trigger}--> ${JSON.stringify(w.actual)}, want ${JSON.stringify(w.expected)}`,
    );
    throw new Error(`${table.name} does not follow its state table:\n${lines.join('\n')}`);
  }
  return walked;
}
