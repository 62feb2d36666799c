/**
 * Token buckets by name: each holds up to `capacity` tokens and gains one every `refillMs`.
 * Only buckets that are not full are kept (a full one is the same as a new one), and at
 * most `maxTracked` of them: past that the oldest is forgotten, which only ever gives a
 * name its full budget back early.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillMs: number,
    private readonly maxTracked = 100_000,
  ) {}

  /** Takes one token: 0 when taken, otherwise the milliseconds until one will be there. */
  take(name: string, now = Date.now()): number {
    const tokens = this.level(name, now);
    if (tokens < 1) return Math.ceil((1 - tokens) * this.refillMs);
    this.store(name, tokens - 1, now);
    return 0;
  }

  /** Gives a token back (the attempt it paid for turned out legitimate). */
  give(name: string, now = Date.now()): void {
    this.store(name, this.level(name, now) + 1, now);
  }

  private level(name: string, now: number): number {
    const bucket = this.buckets.get(name);
    if (!bucket) return this.capacity;
    return Math.min(this.capacity, bucket.tokens + (now - bucket.at) / this.refillMs);
  }

  private store(name: string, tokens: number, now: number): void {
    this.buckets.delete(name); // re-inserted last: insertion order is then age order
    if (tokens >= this.capacity) return;
    if (this.buckets.size >= this.maxTracked) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(name, { tokens, at: now });
  }
}
