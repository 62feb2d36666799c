import { SecretBox } from '../src/secrets/secret-box';
import { secretKeysSetting } from '../src/secrets/secret-keys';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
const boxOf = (setting: string) => new SecretBox(secretKeysSetting().parse(setting));

describe('SecretBox', () => {
  it('seals with the first key and opens to the same secret; the ciphertext is not the secret', () => {
    const box = boxOf(`k2:${key(2)},k1:${key(1)}`);
    const sealed = box.seal('whsec_abc', 'we_1');
    expect(sealed.keyId).toBe('k2');
    expect(Buffer.from(sealed.ciphertext, 'base64url').toString('latin1')).not.toContain('whsec_abc');
    expect(box.open(sealed, 'we_1')).toBe('whsec_abc');
    expect(box.seal('whsec_abc', 'we_1').ciphertext).not.toBe(sealed.ciphertext); // a fresh IV each time
  });

  it('opens what an older listed key sealed, and refuses once that key is gone', () => {
    const old = boxOf(`k1:${key(1)}`).seal('whsec_abc', 'we_1');
    expect(boxOf(`k2:${key(2)},k1:${key(1)}`).open(old, 'we_1')).toBe('whsec_abc');
    expect(() => boxOf(`k2:${key(2)}`).open(old, 'we_1')).toThrow(/k1 is not in WEBHOOK_SECRET_KEYS/);
  });

  it("refuses a ciphertext moved to another endpoint or altered (GCM's tag and the endpoint id)", () => {
    const box = boxOf(`k1:${key(1)}`);
    const sealed = box.seal('whsec_abc', 'we_1');
    expect(() => box.open(sealed, 'we_2')).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64url');
    bytes[14]! ^= 1;
    expect(() => box.open({ ...sealed, ciphertext: bytes.toString('base64url') }, 'we_1')).toThrow();
  });
});

describe('WEBHOOK_SECRET_KEYS', () => {
  it('is required and takes only <id>:<base64 of 32 bytes> entries with distinct ids', () => {
    for (const bad of [undefined, '', 'k1', `k1:${Buffer.alloc(16).toString('base64')}`, `k1:${key(1)},k1:${key(2)}`])
      expect(secretKeysSetting().safeParse(bad).success).toBe(false);
    expect(secretKeysSetting().parse(`a:${key(1)}, b:${key(2)}`).currentKeyId).toBe('a');
  });
});
