import type { UniqueClaims } from './unique-claims';

/** What an aggregate holds unique in its organization (a product's SKUs, a purchase order's number). */
export interface UniqueValuesOption<S> {
  claims: UniqueClaims;
  /** The values the state holds now, as given (none once it gives them up: a trashed product). */
  valuesOf: (state: S) => readonly string[];
}

/**
 * The store's side of unique claims: before a write, the values the next state holds and the
 * current one does not are claimed for the aggregate (its id is the holder); after the write,
 * the ones given up are released. A write that does not happen releases what it claimed.
 */
export class UniqueValues<S> {
  constructor(private readonly option: UniqueValuesOption<S>) {}

  private keysOf(state: S | undefined): Set<string> {
    return new Set(state ? this.option.valuesOf(state).map((v) => this.option.claims.keyOf(v)) : []);
  }

  /** Whether `next` holds a value `current` does not (a batch leaves those to a single change). */
  wantsNew(current: S | undefined, next: S): boolean {
    const held = this.keysOf(current);
    return [...this.keysOf(next)].some((k) => !held.has(k));
  }

  /** Claims what `next` holds beyond `current`; answers the keys newly claimed. Throws the claims' `taken` error. */
  claim(orgId: string, holder: string, current: S | undefined, next: S): Promise<string[]> {
    const held = this.keysOf(current);
    const wanted = this.option.valuesOf(next).filter((v) => !held.has(this.option.claims.keyOf(v)));
    return wanted.length === 0 ? Promise.resolve([]) : this.option.claims.claim(orgId, holder, wanted);
  }

  /** The keys `current` held that `next` gives up. */
  givenUp(current: S | undefined, next: S | undefined): string[] {
    const kept = this.keysOf(next);
    return [...this.keysOf(current)].filter((k) => !kept.has(k));
  }

  release(orgId: string, holder: string, keys: readonly string[]): Promise<void> {
    return this.option.claims.release(orgId, holder, keys);
  }

  releaseMany(orgId: string, keysByHolder: ReadonlyMap<string, readonly string[]>): Promise<void> {
    return this.option.claims.releaseMany(orgId, keysByHolder);
  }
}
