/**
 * Answers that were not 2xx. Issue #39: a benchmark that meets one fails loudly, so a rate made of
 * refused requests is never read as a rate of work done.
 */
const SAMPLES = 5;

export class Refusals {
  count = 0;
  readonly samples: string[] = [];

  /** Notes one answer: a non-2xx one is counted and, among the first few, kept with its body. */
  note(what: string, status: number, body = ''): void {
    if (status >= 200 && status < 300) return;
    this.count++;
    if (this.samples.length < SAMPLES) this.samples.push(`${what}: ${status} ${body.slice(0, 300)}`);
  }

  /** Notes `count` answers of one status at once (autocannon tallies statuses, not bodies). */
  noteMany(what: string, status: number, count: number): void {
    if (count <= 0 || (status >= 200 && status < 300)) return;
    this.count += count;
    if (this.samples.length < SAMPLES) this.samples.push(`${what}: ${count} answered ${status}`);
  }

  /** Takes in another tally's answers, their samples marked with where they came from (a warm-up). */
  addAll(other: Refusals, from?: string): void {
    this.count += other.count;
    for (const sample of other.samples)
      if (this.samples.length < SAMPLES) this.samples.push(from ? `${from}: ${sample}` : sample);
  }
}

/** Throws with the count and the samples when any answer was not 2xx: runScript then exits 1. */
export function failOnRefusals(label: string, refusals: Refusals): void {
  if (refusals.count === 0) return;
  throw new Error(
    `${label}: ${refusals.count} answers were not 2xx, the first of them:\n  ${refusals.samples.join('\n  ')}`,
  );
}
