import type { Collection } from 'mongoose';
import { AppError } from '../errors';
import { NumberSequence } from './number-sequence';

/** Digits a generated number has at least (`PO-000123`). */
const DIGITS = 6;

/**
 * Numbers an organization's records are given when none is supplied (`SKU-000123`, `PO-000123`,
 * `SF-000123`): its sequence's next number under a prefix. A supplied number may already hold a
 * generated one's place: `firstFree` moves past it.
 */
export class GeneratedNumbers {
  private readonly sequence: NumberSequence;

  constructor(
    /** The sequences' collection (one document per organization). */
    sequences: Collection,
    private readonly prefix: string,
    block?: number,
  ) {
    this.sequence = new NumberSequence(sequences, block);
  }

  /** The organization's next number, formatted. */
  async next(orgId: string): Promise<string> {
    return `${this.prefix}${String(await this.sequence.next(orgId)).padStart(DIGITS, '0')}`;
  }

  /**
   * What `make` makes with the next number, or with the one after while it fails with the `taken`
   * code (a number someone supplied by hand); any other failure is thrown.
   */
  async firstFree<T>(orgId: string, taken: string, make: (number: string) => Promise<T>): Promise<T> {
    for (;;) {
      const number = await this.next(orgId);
      try {
        return await make(number);
      } catch (err) {
        if (!(err instanceof AppError && err.code === taken)) throw err;
      }
    }
  }
}
