import { generateKey, parseKey } from '../src/domain/api-key-format';

describe('API key format', () => {
  it('generates admin keys with the sya_ prefix that parse back to their id', () => {
    const key = generateKey('admin');
    expect(key.token).toMatch(/^sya_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(key.displayPrefix).toBe(`sya_${key.keyId}`);
    expect(parseKey(key.token)).toEqual({ type: 'admin', keyId: key.keyId });
  });

  it('generates storefront keys with the syf_ prefix', () => {
    const key = generateKey('storefront');
    expect(key.token.startsWith('syf_')).toBe(true);
    expect(parseKey(key.token)?.type).toBe('storefront');
  });

  it('refuses a key with one character mistyped (checksum)', () => {
    const { token } = generateKey('admin');
    const i = 20;
    const typo = token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
    expect(parseKey(typo)).toBeUndefined();
  });

  it('refuses a key with a swapped prefix', () => {
    const { token } = generateKey('admin');
    expect(parseKey(token.replace(/^sya_/, 'syf_'))).toBeUndefined();
  });

  it.each(['', 'sya_', 'Bearer x', 'sya_short_key', 'x'.repeat(60)])('refuses the malformed key %p', (bad) => {
    expect(parseKey(bad)).toBeUndefined();
  });

  it('draws distinct secrets', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateKey('admin').token));
    expect(tokens.size).toBe(200);
  });
});
