import { TEST_WEBHOOK_SECRET_KEYS } from '@stockyard/testkit';
import { SecretBox } from '../src/secrets/secret-box';
import { secretKeysSetting } from '../src/secrets/secret-keys';
import { endpointsOn } from './support/service-parts';
import { startWebhooks, testSecrets, type Harness } from './support/webhooks';

const orgId = 'org_secrets';

/**
 * Endpoint signing secrets are encrypted at rest (AES-256-GCM, key id beside each ciphertext)
 * and decrypted only to sign. Before, `webhook_endpoints.secret` held the plaintext.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startWebhooks(orgId, { env: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' } });
});
afterAll(() => harness.close());

/** Every document of every collection of the service's database, as text. */
async function wholeDatabase(): Promise<string> {
  const db = harness.connection.db!;
  const dumps = await Promise.all(
    (await db.listCollections().toArray()).map(async ({ name }) =>
      JSON.stringify(await db.collection(name).find().toArray()),
    ),
  );
  return dumps.join('\n');
}

it('keeps neither the created nor the rotated secret in the database, in any collection', async () => {
  const created = await harness.request(
    'POST',
    '/webhooks',
    { url: 'http://127.0.0.1:9/h', events: ['order.created'] },
    { orgId },
  );
  expect(created.status).toBe(201);
  const rotated = await harness.request('POST', `/webhooks/${created.body.id}/rotate-secret`, undefined, { orgId });
  expect(rotated.status).toBe(201);
  const secrets = [created.body.secret as string, rotated.body.secret as string];
  expect(secrets.every((s) => /^whsec_[0-9A-Za-z]{32}$/.test(s))).toBe(true);

  const everything = await wholeDatabase();
  for (const secret of secrets) {
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice('whsec_'.length));
  }
  const stored = await harness.connection.collection('webhook_endpoints').findOne({ _id: created.body.id });
  expect(stored!.secret).toEqual({ keyId: 'test', ciphertext: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
  expect(testSecrets.open(stored!.secret, created.body.id)).toBe(secrets[1]);
});

it('seals at start a secret stored in plaintext before secrets were encrypted', async () => {
  await harness.connection.collection('webhook_endpoints').insertOne({
    _id: 'we_legacy' as never,
    orgId,
    url: 'https://hooks.example.invalid/legacy',
    events: ['order.created'],
    enabled: true,
    consecutiveFailures: 0,
    disabledAt: null,
    secret: 'whsec_legacyPlaintext0123456789abcdef',
    version: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  expect(await endpointsOn(harness.connection).sealing.sealStale(testSecrets)).toBe(1);
  const stored = await harness.connection.collection('webhook_endpoints').findOne({ _id: 'we_legacy' as never });
  expect(stored!.secret.keyId).toBe('test');
  expect(testSecrets.open(stored!.secret, 'we_legacy')).toBe('whsec_legacyPlaintext0123456789abcdef');
});

it('re-seals under a new first key of WEBHOOK_SECRET_KEYS, after which the old key can go', async () => {
  const created = await harness.request(
    'POST',
    '/webhooks',
    { url: 'http://127.0.0.1:9/r', events: ['order.created'] },
    { orgId },
  );
  const next = `next:${Buffer.alloc(32, 7).toString('base64')}`;
  const rotatedKeys = new SecretBox(secretKeysSetting().parse(`${next},${TEST_WEBHOOK_SECRET_KEYS}`));
  expect(await endpointsOn(harness.connection).sealing.sealStale(rotatedKeys)).toBeGreaterThanOrEqual(1);
  const stored = await harness.connection.collection('webhook_endpoints').findOne({ _id: created.body.id });
  expect(stored!.secret.keyId).toBe('next');
  const nextOnly = new SecretBox(secretKeysSetting().parse(next));
  expect(nextOnly.open(stored!.secret, created.body.id)).toBe(created.body.secret);
});
