import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhook } from '../src/webhook-signature';

const secret = 'whsec_test_secret';
const rawBody = '{"event":"order.created","data":{"orgId":"org_1"},"delivery_id":"dlv_1","attempt":1}';
const now = 1_800_000_000;

/** The spec's algorithm, written out independently of the code under test. */
const specSignature = (t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('signWebhook', () => {
  it('produces t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    expect(signWebhook(secret, rawBody, now)).toBe(`t=${now},v1=${specSignature(now, rawBody)}`);
  });
});

describe('verifyWebhook', () => {
  const header = `t=${now},v1=${specSignature(now, rawBody)}`;

  it('accepts a signature made with the spec algorithm', () => {
    expect(verifyWebhook({ secret, rawBody, header, now })).toBe(true);
    expect(verifyWebhook({ secret, rawBody: Buffer.from(rawBody), header, now })).toBe(true);
  });

  it('rejects a re-serialized body', () => {
    const reserialized = JSON.stringify(JSON.parse(rawBody), null, 1);
    expect(verifyWebhook({ secret, rawBody: reserialized, header, now })).toBe(false);
  });

  it('rejects another secret', () => {
    expect(verifyWebhook({ secret: 'whsec_other', rawBody, header, now })).toBe(false);
  });

  it('accepts up to 300 seconds of clock difference and rejects beyond', () => {
    expect(verifyWebhook({ secret, rawBody, header, now: now + 300 })).toBe(true);
    expect(verifyWebhook({ secret, rawBody, header, now: now - 300 })).toBe(true);
    expect(verifyWebhook({ secret, rawBody, header, now: now + 301 })).toBe(false);
  });

  it('rejects a header whose timestamp was changed', () => {
    expect(verifyWebhook({ secret, rawBody, header: header.replace(`t=${now}`, `t=${now + 1}`), now })).toBe(false);
  });

  it('accepts any matching v1 among several', () => {
    const two = `t=${now},v1=${'0'.repeat(64)},v1=${specSignature(now, rawBody)}`;
    expect(verifyWebhook({ secret, rawBody, header: two, now })).toBe(true);
  });

  it.each([
    undefined,
    '',
    'garbage',
    `t=${now}`,
    `v1=${specSignature(now, rawBody)}`,
    `t=abc,v1=${specSignature(now, rawBody)}`,
    `t=${now},v1=zz`,
  ])('rejects the malformed header %p', (bad) => {
    expect(verifyWebhook({ secret, rawBody, header: bad, now })).toBe(false);
  });
});
