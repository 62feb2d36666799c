import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretKeys } from './secret-keys';

/** An endpoint's signing secret as stored: AES-256-GCM, with the id of the key that encrypted it. */
export interface SealedSecret {
  keyId: string;
  /** base64url of the 12-byte IV, the ciphertext and the 16-byte tag, in that order. */
  ciphertext: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts and decrypts endpoints' signing secrets. The endpoint id is bound in as
 * additional data, so a ciphertext copied onto another endpoint does not decrypt. Decrypting
 * happens only to sign an attempt; reads, lists and caches carry the sealed form.
 */
export class SecretBox {
  constructor(private readonly keys: SecretKeys) {}

  seal(secret: string, endpointId: string): SealedSecret {
    const keyId = this.keys.currentKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(keyId), iv).setAAD(Buffer.from(endpointId));
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return { keyId, ciphertext: Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url') };
  }

  /** Throws when the key is not configured any more or the ciphertext was altered or moved. */
  open(sealed: SealedSecret, endpointId: string): string {
    const bytes = Buffer.from(sealed.ciphertext, 'base64url');
    const iv = bytes.subarray(0, IV_BYTES);
    const tag = bytes.subarray(bytes.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key(sealed.keyId), iv).setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  /** True when the secret is encrypted with a key other than the current one (re-encryption). */
  isStale(sealed: SealedSecret): boolean {
    return sealed.keyId !== this.keys.currentKeyId;
  }

  private key(keyId: string): Buffer {
    const key = this.keys.keys.get(keyId);
    if (!key) throw new Error(`webhook secret key ${keyId} is not in WEBHOOK_SECRET_KEYS`);
    return key;
  }
}
