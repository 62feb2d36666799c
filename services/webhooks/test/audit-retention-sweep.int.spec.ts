import type { Broker } from '@stockyard/service-kit/events';
import { auditRecord, entriesWhen } from './support/audit';
import { startPublisher } from './support/publisher';
import { startRetention, type RetentionHarness } from './support/retention';

let h: RetentionHarness;
let publisher: Broker;
beforeAll(async () => {
  // Two entries per delete: a sweep of five takes three.
  h = await startRetention('retention_sweep', { AUDIT_RETENTION_BATCH: '2' });
  publisher = await startPublisher(h);
});
afterAll(async () => {
  await publisher.close();
  await h.close();
});

it('removes the entries older than the retention and records where the kept chain starts', async () => {
  const orgId = await h.org(60);
  const entries = await h.recorded(orgId, [200, 150, 100, 90, 61, 59, 10, 1]);
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([6, 7, 8]);
  const anchor = await h.anchorOf(orgId);
  expect(anchor).toMatchObject({
    startsFrom: entries[4]!.hash,
    firstSequence: 6,
    removedThrough: entries[4]!.recordedAt,
  });
  expect(await h.verify(orgId)).toEqual({
    intact: true,
    checked: 3,
    firstSequence: 6,
    lastSequence: 8,
    brokenAt: null,
    startsFrom: entries[5]!.previousHash,
  });
  // Another sweep finds nothing more to remove.
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([6, 7, 8]);
});

it("keeps another organization's entries by its own retention (the default, 365 days)", async () => {
  const [short, byDefault] = [await h.org(30), await h.org()];
  await h.recorded(short, [400, 40, 20]);
  await h.recorded(byDefault, [400, 300, 40, 20]);
  await h.sweep();
  expect(await h.sequences(short)).toEqual([3]);
  expect(await h.sequences(byDefault)).toEqual([2, 3, 4]);
  expect(await h.verify(byDefault)).toMatchObject({ intact: true, checked: 3, firstSequence: 2 });
});

it('keeps the newest entry when every entry is past the retention, and the next one links to it', async () => {
  const orgId = await h.org(30);
  const entries = await h.recorded(orgId, [90, 80, 70]);
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([3]);
  expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 1, startsFrom: entries[2]!.previousHash });
  await publisher.publish(auditRecord(orgId));
  const docs = await entriesWhen(h, orgId, 2);
  expect(docs[1]).toMatchObject({ sequence: 4, previousHash: entries[2]!.hash });
  expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 2, firstSequence: 3, lastSequence: 4 });
});

it('removes nothing of an organization while the gateway is away, and sweeps it once it is back', async () => {
  const orgId = await h.org(30);
  await h.recorded(orgId, [90, 80, 1]);
  await h.gatewayProxy.down();
  try {
    await h.sweep();
    expect(await h.sequences(orgId)).toEqual([1, 2, 3]);
    expect(await h.anchorOf(orgId)).toBeNull();
  } finally {
    await h.gatewayProxy.up();
  }
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([3]);
});

it('skips an organization the gateway does not know (no retention to go by)', async () => {
  const orgId = 'org_unknown_to_the_gateway';
  await h.recorded(orgId, [900, 800, 1]);
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([1, 2, 3]);
});

it('follows a retention changed since the last sweep, moving the anchor forward', async () => {
  const orgId = await h.org(365);
  const entries = await h.recorded(orgId, [400, 200, 100, 1]);
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([2, 3, 4]);
  const { token } = await h.gateway.keys.create({ orgId, type: 'admin', name: 'second', role: 'ADMIN' });
  expect((await h.gateway.api('PATCH', '/settings', token, { auditRetentionDays: 150 })).status).toBe(200);
  await h.sweep();
  expect(await h.sequences(orgId)).toEqual([3, 4]);
  expect(await h.anchorOf(orgId)).toMatchObject({ firstSequence: 3, startsFrom: entries[1]!.hash });
  expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 2, startsFrom: entries[1]!.hash });
});
