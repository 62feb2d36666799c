import type { AuditVerification } from '@stockyard/contracts';
import type { Broker } from '@stockyard/service-kit/events';
import { entryHash, GENESIS_HASH } from '../src/domain/audit-entry';
import { AuditAppender } from '../src/store/audit-appender';
import { AuditEntries } from '../src/store/audit-entries.repository';
import { auditEntries, auditRecord, entriesWhen } from './support/audit';
import { settle, startPublisher } from './support/publisher';
import { startWebhooks, type Harness } from './support/webhooks';

let harness: Harness;
let publisher: Broker;
beforeAll(async () => {
  harness = await startWebhooks('org_chain');
  publisher = await startPublisher(harness);
});
afterAll(async () => {
  await publisher.close();
  await harness.close();
});

/** An appender of its own, as another replica has. */
const appender = () => new AuditAppender(new AuditEntries(harness.connection));
const record = (orgId: string) => {
  const { id, payload } = auditRecord(orgId);
  return { id, payload: payload as Parameters<AuditAppender['append']>[0]['payload'] };
};

/** `count` entries appended straight (not through the broker) after `before`; the chain's entries. */
async function chainOf(orgId: string, count: number, before = 0) {
  await Promise.all(Array.from({ length: count }, () => appender().append(record(orgId))));
  return entriesWhen(harness, orgId, before + count);
}

async function verify(orgId: string, query = ''): Promise<AuditVerification> {
  const res = await harness.request('GET', `/audit-events/verify${query}`, undefined, { orgId });
  expect(res.status).toBe(200);
  return res.body as AuditVerification;
}

describe('appending', () => {
  it('appends a copy of an event (published twice, or redelivered) once', async () => {
    const orgId = 'org_chain_copies';
    const event = auditRecord(orgId);
    await publisher.publish(event);
    await publisher.publish(event);
    await publisher.publish(auditRecord(orgId)); // after the copy: once it is in, the copy was handled
    await entriesWhen(harness, orgId, 2);
    await settle(300);
    const docs = await auditEntries(harness).find({ orgId }).toArray();
    expect(docs.map((d) => d.sequence).sort()).toEqual([1, 2]);

    const again = record(orgId);
    const one = appender();
    await Promise.all([one.append(again), one.append(again), appender().append(again)]);
    await one.append(again);
    expect(await auditEntries(harness).countDocuments({ orgId })).toBe(3);
  });

  it('gives sequences 1..n with no gap when two appenders race on one organization', async () => {
    const orgId = 'org_chain_race';
    const [a, b] = [appender(), appender()];
    const batches = Array.from({ length: 4 }, (_, i) =>
      Array.from({ length: 20 }, () => (i % 2 ? a : b).append(record(orgId))),
    );
    await Promise.all(batches.flat());
    const docs = await entriesWhen(harness, orgId, 80);
    expect(docs.map((d) => d.sequence)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(await verify(orgId)).toMatchObject({ intact: true, checked: 80, brokenAt: null });
  });

  it('gives sequences 1..n with no gap when two replicas consume the queue', async () => {
    const orgId = 'org_chain_replicas';
    const replica = await harness.replica();
    try {
      await Promise.all(Array.from({ length: 150 }, () => publisher.publish(auditRecord(orgId))));
      const docs = await entriesWhen(harness, orgId, 150, 60_000);
      expect(docs.map((d) => d.sequence)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
      expect(await verify(orgId)).toMatchObject({ intact: true, checked: 150 });
    } finally {
      await replica.close();
    }
  });
});

describe('GET /audit-events/verify', () => {
  it('says the chain is intact, from the genesis', async () => {
    const orgId = 'org_verify_intact';
    const docs = await chainOf(orgId, 12);
    expect(docs[0]!.previousHash).toBe(GENESIS_HASH);
    expect(await verify(orgId)).toEqual({
      intact: true,
      checked: 12,
      firstSequence: 1,
      lastSequence: 12,
      brokenAt: null,
      startsFrom: GENESIS_HASH,
    });
  });

  it('checks a time range from the entry before it', async () => {
    const orgId = 'org_verify_range';
    await chainOf(orgId, 3);
    await settle(30);
    const from = new Date().toISOString();
    await settle(30);
    const docs = await chainOf(orgId, 3, 3);
    expect(await verify(orgId, `?from=${from}`)).toEqual({
      intact: true,
      checked: 3,
      firstSequence: 4,
      lastSequence: 6,
      brokenAt: null,
      startsFrom: docs[2]!.hash,
    });
    expect(await verify(orgId, `?to=${from}`)).toMatchObject({ intact: true, checked: 3, lastSequence: 3 });
  });

  it('reports content_changed at an entry whose resources were edited in the store', async () => {
    const orgId = 'org_verify_content';
    const docs = await chainOf(orgId, 6);
    const edited = docs[3]!;
    const content = edited.content.replace('"after":"B"', '"after":"C"');
    expect(content).not.toBe(edited.content);
    await auditEntries(harness).updateOne({ _id: edited._id }, { $set: { content } });
    expect(await verify(orgId)).toMatchObject({
      intact: false,
      brokenAt: { id: edited._id, sequence: 4, reason: 'content_changed' },
      checked: 4,
    });
  });

  it('reports content_changed at an entry whose status was edited in the store', async () => {
    const orgId = 'org_verify_status';
    const docs = await chainOf(orgId, 4);
    await auditEntries(harness).updateOne({ _id: docs[1]!._id }, { $set: { status: 204 } });
    expect((await verify(orgId)).brokenAt).toEqual({ id: docs[1]!._id, sequence: 2, reason: 'content_changed' });
  });

  it('reports link_broken at the entry after one rewritten with a hash made again', async () => {
    const orgId = 'org_verify_link';
    const docs = await chainOf(orgId, 5);
    const { _id, sequence, previousHash } = docs[1]!;
    const content = docs[1]!.content.replace('"after":"B"', '"after":"C"');
    // What someone who knows the rule writes: the entry's hash agrees with its new content.
    const hash = entryHash(previousHash, _id, sequence, content);
    await auditEntries(harness).updateOne({ _id }, { $set: { content, hash } });
    expect((await verify(orgId)).brokenAt).toEqual({ id: docs[2]!._id, sequence: 3, reason: 'link_broken' });
  });

  it('reports missing at the entry after one deleted from the store', async () => {
    const orgId = 'org_verify_missing';
    const docs = await chainOf(orgId, 7);
    await auditEntries(harness).deleteOne({ _id: docs[4]!._id });
    expect(await verify(orgId)).toMatchObject({
      intact: false,
      brokenAt: { id: docs[5]!._id, sequence: 6, reason: 'missing' },
    });
    await auditEntries(harness).deleteOne({ _id: docs[0]!._id });
    expect((await verify(orgId)).brokenAt).toEqual({ id: docs[1]!._id, sequence: 2, reason: 'missing' });
  });

  it('400 validation_failed on a from after to', async () => {
    const res = await harness.request(
      'GET',
      '/audit-events/verify?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      undefined,
      { orgId: 'org_verify_intact' },
    );
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
  });
});
