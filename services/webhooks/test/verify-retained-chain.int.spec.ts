import { entryHash } from '../src/domain/audit-entry';
import type { AuditChainAnchorDoc } from '../src/store/audit-chain-anchor.model';
import { auditEntryModel } from '../src/store/audit-entry.model';
import { auditEntries } from './support/audit';
import { ago, startRetention, type RetentionHarness } from './support/retention';

let h: RetentionHarness;
beforeAll(async () => {
  h = await startRetention('retention_verify', { AUDIT_RETENTION_BATCH: '2' });
});
afterAll(() => h.close());

/** A sweep whose process dies after `batches` deletes (the anchor written before the first). */
async function sweepDyingAfter(batches: number) {
  const collection = auditEntryModel(h.connection).collection;
  const original = collection.deleteMany.bind(collection);
  let done = 0;
  const spy = jest
    .spyOn(collection, 'deleteMany')
    .mockImplementation((...args: Parameters<typeof original>) =>
      done++ < batches ? original(...args) : Promise.reject(new Error('the process died')),
    );
  try {
    await h.sweep();
  } finally {
    spy.mockRestore();
  }
}

/** An organization with a 30-day retention and entries recorded these many days ago. */
async function chainOf(daysAgo: number[]) {
  const orgId = await h.org(30);
  return { orgId, entries: await h.recorded(orgId, daysAgo) };
}

describe('a sweep that died after writing its anchor', () => {
  it('leaves a chain that verifies from its oldest entry, and the next sweep finishes it', async () => {
    const { orgId, entries } = await chainOf([90, 85, 80, 75, 70, 1]);
    await sweepDyingAfter(1);
    expect(await h.sequences(orgId)).toEqual([3, 4, 5, 6]);
    expect(await h.anchorOf(orgId)).toMatchObject({ firstSequence: 6, startsFrom: entries[4]!.hash });
    expect(await h.verify(orgId)).toEqual({
      intact: true,
      checked: 4,
      firstSequence: 3,
      lastSequence: 6,
      brokenAt: null,
      startsFrom: entries[1]!.hash,
    });
    await h.sweep();
    expect(await h.sequences(orgId)).toEqual([6]);
    expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 1, startsFrom: entries[4]!.hash });
  });

  it('is finished by the next sweep even with the gateway away (the anchor already decided)', async () => {
    const { orgId } = await chainOf([90, 85, 80, 75, 70, 1]);
    await sweepDyingAfter(1);
    await h.gatewayProxy.down();
    try {
      await h.sweep();
    } finally {
      await h.gatewayProxy.up();
    }
    expect(await h.sequences(orgId)).toEqual([6]);
    expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 1, firstSequence: 6 });
  });

  it('verifies from the genesis when it died before removing anything', async () => {
    const { orgId, entries } = await chainOf([90, 80, 1]);
    await sweepDyingAfter(0);
    expect(await h.sequences(orgId)).toEqual([1, 2, 3]);
    expect(await h.anchorOf(orgId)).toMatchObject({ firstSequence: 3, startsFrom: entries[1]!.hash });
    expect(await h.verify(orgId)).toMatchObject({ intact: true, checked: 3, firstSequence: 1 });
  });

  it('reports an entry edited in the part still to be removed', async () => {
    const { orgId, entries } = await chainOf([90, 85, 80, 75, 1]);
    await sweepDyingAfter(1);
    await auditEntries(h).updateOne({ _id: entries[3]!.id }, { $set: { status: 204 } });
    expect((await h.verify(orgId)).brokenAt).toEqual({ id: entries[3]!.id, sequence: 4, reason: 'content_changed' });
  });
});

describe('GET /audit-events/verify after a sweep', () => {
  it('reports content_changed at a kept entry edited in the store', async () => {
    const { orgId, entries } = await chainOf([90, 80, 10, 5, 1]);
    await h.sweep();
    const edited = entries[3]!;
    const content = edited.content.replace('"after":"B"', '"after":"C"');
    await auditEntries(h).updateOne({ _id: edited.id }, { $set: { content } });
    expect(await h.verify(orgId)).toMatchObject({
      intact: false,
      checked: 2,
      brokenAt: { id: edited.id, sequence: 4, reason: 'content_changed' },
    });
  });

  it('reports link_broken at the first kept entry when it was rewritten, or the anchor was', async () => {
    const { orgId, entries } = await chainOf([90, 80, 10, 1]);
    await h.sweep();
    const first = entries[2]!;
    const forged = 'f'.repeat(64);
    // What someone who knows the rule writes: the kept entry linked elsewhere, its hash made again.
    const hash = entryHash(forged, first.id, first.sequence, first.content);
    await auditEntries(h).updateOne({ _id: first.id }, { $set: { previousHash: forged, hash } });
    expect((await h.verify(orgId)).brokenAt).toEqual({ id: first.id, sequence: 3, reason: 'link_broken' });
    await auditEntries(h).updateOne(
      { _id: first.id },
      { $set: { previousHash: first.previousHash, hash: first.hash } },
    );
    expect((await h.verify(orgId)).intact).toBe(true);
    const anchors = h.connection.collection<AuditChainAnchorDoc>('audit_chain_anchors');
    await anchors.updateOne({ _id: orgId }, { $set: { startsFrom: forged } });
    expect((await h.verify(orgId)).brokenAt).toEqual({ id: first.id, sequence: 3, reason: 'link_broken' });
  });

  it('reports missing when the first kept entry was deleted from the store', async () => {
    const { orgId, entries } = await chainOf([90, 80, 10, 1]);
    await h.sweep();
    await auditEntries(h).deleteOne({ _id: entries[2]!.id });
    expect((await h.verify(orgId)).brokenAt).toEqual({ id: entries[3]!.id, sequence: 4, reason: 'missing' });
  });

  it('checks a range from the anchor at the kept chain’s start, and from the entry before inside it', async () => {
    const { orgId, entries } = await chainOf([90, 80, 10, 5, 1]);
    await h.sweep();
    expect(await h.verify(orgId, `?from=${ago(60).toISOString()}`)).toMatchObject({
      intact: true,
      checked: 3,
      firstSequence: 3,
      startsFrom: entries[1]!.hash,
    });
    expect(await h.verify(orgId, `?from=${ago(7).toISOString()}`)).toMatchObject({
      intact: true,
      checked: 2,
      firstSequence: 4,
      startsFrom: entries[2]!.hash,
    });
  });
});
