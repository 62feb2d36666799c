import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 string; 22 characters carry ~131 bits. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // rejection sampling keeps the distribution uniform
  }
  return out.length === length ? out : out + randomBase62(length - out.length);
}

/** Prefixed, sortable-enough, unguessable ids: `wh_3kT...`, `evt_...`. */
export const newId = (prefix: string) => `${prefix}_${randomBase62(22)}`;
