import { errors } from '../domain/errors';
import { TokenBuckets } from './token-buckets';

export interface BudgetOptions {
  /** Unverified attempts one key id may have in flight or failed at once… */
  keyBurst: number;
  /** …and one more every this many ms. */
  keyRefillMs: number;
  /** The same for one client address (an IPv4 address or an IPv6 /64). */
  clientBurst: number;
  clientRefillMs: number;
}

export const DEFAULT_BUDGET: BudgetOptions = {
  keyBurst: 5,
  keyRefillMs: 2_000,
  clientBurst: 5,
  clientRefillMs: 10_000,
};

export const THROTTLED = 'authentication_throttled';

export const throttled = (retryAfterMs: number) =>
  errors.authentication_throttled(
    'Too many unverified attempts for this API key or from this client; retry later',
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );

/**
 * What verification work (a database read, then scrypt) an unverified token may cost,
 * charged before any of it is done, by key id and by client alike. Charged whether or not
 * the key id exists, so a 429 says nothing about it either. An attempt that verifies gives
 * its tokens back: a key's holder spends nothing, only wrong secrets do. The key id's budget
 * refills faster than a client's, so one client alone cannot keep a key id's holder out.
 */
export class AttemptBudget {
  private readonly keys: TokenBuckets;
  private readonly clients: TokenBuckets;

  constructor(options: BudgetOptions = DEFAULT_BUDGET) {
    this.keys = new TokenBuckets(options.keyBurst, options.keyRefillMs);
    this.clients = new TokenBuckets(options.clientBurst, options.clientRefillMs);
  }

  /** Charges one attempt to both, or neither: rejects with 429 authentication_throttled. */
  take(keyId: string, client: string, now = Date.now()): void {
    const keyWait = this.keys.take(keyId, now);
    if (keyWait > 0) throw throttled(keyWait);
    const clientWait = this.clients.take(client, now);
    if (clientWait > 0) {
      this.keys.give(keyId, now);
      throw throttled(clientWait);
    }
  }

  refund(keyId: string, client: string, now = Date.now()): void {
    this.keys.give(keyId, now);
    this.clients.give(client, now);
  }
}
