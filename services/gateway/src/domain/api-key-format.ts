import { crc32 } from 'node:zlib';
import { randomBase62 } from '@stockyard/service-kit/ids';

/**
 * `sya_<keyId>_<secret><checksum>` (admin) or `syf_...` (storefront):
 * - the fixed prefix tells the key type and lets secret scanners spot our keys;
 * - the public key id (12 base62) makes lookup a primary-key read, never a hash scan;
 * - the secret is 32 base62 characters (about 190 bits);
 * - the checksum (crc32, 6 base62) refuses a mistyped or made-up key before any I/O.
 */
export const KEY_PREFIXES = { admin: 'sya', storefront: 'syf' } as const;
export type KeyType = keyof typeof KEY_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^(sya|syf)_([0-9A-Za-z]{12})_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function checksum(text: string): string {
  let n = crc32(text);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

interface GeneratedKey {
  keyId: string;
  token: string;
  /** What listings show: enough to recognise the key, useless to use it. */
  displayPrefix: string;
}

/** The token for a key id and secret (32 base62), checksum included. */
export function formatKey(type: KeyType, keyId: string, secret: string): string {
  const body = `${KEY_PREFIXES[type]}_${keyId}_${secret}`;
  return body + checksum(body);
}

export function generateKey(type: KeyType): GeneratedKey {
  const keyId = randomBase62(12);
  return { keyId, token: formatKey(type, keyId, randomBase62(32)), displayPrefix: `${KEY_PREFIXES[type]}_${keyId}` };
}

interface ParsedKey {
  type: KeyType;
  keyId: string;
}

/** The key's type and id, or undefined when it is not well-formed or its checksum is wrong. */
export function parseKey(token: string): ParsedKey | undefined {
  const match = KEY_PATTERN.exec(token);
  if (!match) return undefined;
  const [, prefix, keyId, , sum] = match;
  if (checksum(token.slice(0, -sum!.length)) !== sum) return undefined;
  return { type: prefix === KEY_PREFIXES.admin ? 'admin' : 'storefront', keyId: keyId! };
}
