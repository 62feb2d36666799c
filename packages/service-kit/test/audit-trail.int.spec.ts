import { Schema, type Model } from 'mongoose';
import { eventually, isolatedNames, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import type { AuditRecordedPayload, EventEnvelope } from '@stockyard/contracts';
import { WEBHOOKS_API } from '@stockyard/contracts';
import { asCaller, listen } from '@stockyard/testkit';
import { AggregateStore, AppError, bindRoute, newEvent, OutboxRelay, outboxFields } from '../src';
import { outboxOf } from '../src/events/outbox';
import { createServiceApp } from '../internals';
import { asSystem, inAuditScope } from '../src/audit/audit-scope';
import { useTestDatabase } from './support/database';
import { createLogger } from '../ops';
import { useRelay } from './support/relay';
import type { ConsumeMessage } from 'amqplib';

interface Hook {
  id: string;
  orgId: string;
  version: number;
  url: string;
  secret: string;
}

const db = useTestDatabase();
const names = isolatedNames('kit-audit');
let relay: OutboxRelay;
let store: AggregateStore<Hook>;
let published: ConsumeMessage[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test's own schema
let model: Model<any>;

const schema = new Schema({
  _id: String,
  orgId: String,
  url: String,
  secret: String,
  version: Number,
  ...outboxFields,
});
const records = () =>
  published.map((m) => JSON.parse(m.content.toString()) as EventEnvelope).filter((e) => e.name === 'audit.recorded');
const payloadOf = (e: EventEnvelope) => e.payload as unknown as Omit<AuditRecordedPayload, 'orgId'>;
const partner = {
  actor: { kind: 'key' as const, keyId: 'key_1', name: 'ERP sync', role: 'ADMIN', type: 'admin' as const, job: null },
  request: {
    route: 'updateEndpoint',
    method: 'PATCH',
    path: '/api/v1/hooks/hk_1',
    requestId: 'req_1',
    idempotencyKey: 'idem-1',
  },
  status: 200,
};

beforeAll(() => {
  model = db().model('AuditHook', schema, 'audit_hooks');
});
const relayed = useRelay(names.exchange, () => [model.collection]);
beforeAll(async () => {
  published = await relayed().rabbit.tap(`${names.exchange}.audit`, 'audit.recorded');
  relay = relayed().relay;
  store = new AggregateStore<Hook>(model, relay, { name: 'Webhook endpoint', audit: { secretFields: ['url'] } });
});

describe("the audit trail of a store's writes", () => {
  it('records a create and a change with the actor and request of their scope, in the write', async () => {
    await inAuditScope(partner, () =>
      store.create({ id: 'hk_1', orgId: 'org_a', url: 'https://a.test/x', secret: 'whsec_1' }),
    );
    const doc = await model.collection.findOne({ _id: 'hk_1' as never });
    // The record sits in the created document's outbox: one write holds both.
    expect(JSON.stringify(doc?.outbox ?? [])).toContain('audit.recorded');
    await inAuditScope(partner, () => store.change('org_a', 'hk_1', (h) => ({ state: { ...h, secret: 'whsec_2' } })));

    await eventually(async () => (records().length === 2 ? true : undefined), 15_000);
    const [created, changed] = records().map(payloadOf);
    expect(created).toMatchObject({
      actor: partner.actor,
      request: partner.request,
      status: 200,
      resources: [{ type: 'webhook_endpoint', id: 'hk_1', action: 'created' }],
    });
    expect(changed!.resources).toEqual([
      {
        type: 'webhook_endpoint',
        id: 'hk_1',
        action: 'changed',
        fields: { secret: { before: '[redacted]', after: '[redacted]' } },
      },
    ]);
    expect(JSON.stringify(records())).not.toMatch(/whsec_|a\.test/);
  });

  it("names a system job's changes by the job, and records nothing for a change that moves no field", async () => {
    await asSystem('hold-sweep', () => store.create({ id: 'hk_2', orgId: 'org_a', url: 'u', secret: 's' }));
    await asSystem('hold-sweep', () => store.change('org_a', 'hk_2', (h) => ({ state: { ...h } })));
    await eventually(async () => (records().length === 3 ? true : undefined), 15_000);
    const last = payloadOf(records()[2]!);
    expect(last.actor).toEqual({ kind: 'system', keyId: null, name: null, role: null, type: null, job: 'hold-sweep' });
    expect(last.request).toBeNull();
    // The second change wrote nothing and recorded nothing: still three records.
    await store.change('org_a', 'hk_1', (h) => ({ state: { ...h, url: 'https://c.test' } }));
    await eventually(async () => (records().length === 4 ? true : undefined), 15_000);
    expect(records().map((e) => payloadOf(e).resources[0]!.id)).toEqual(['hk_1', 'hk_1', 'hk_2', 'hk_1']);
  });

  it('records what one createAll makes in one record, naming each aggregate inserted', async () => {
    const fates = await inAuditScope(partner, () =>
      store.createAll([
        { id: 'hk_one_1', orgId: 'org_one', url: 'u1', secret: 's' },
        { id: 'hk_one_2', orgId: 'org_one', url: 'u2', secret: 's' },
      ]),
    );
    expect(fates).toEqual([true, true]);
    const ofOne = () =>
      records()
        .filter((e) => e.orgId === 'org_one')
        .map(payloadOf);
    await eventually(async () => (ofOne().length === 1 ? true : undefined), 15_000);
    expect(ofOne()[0]!.actor).toEqual(partner.actor);
    expect(ofOne()[0]!.resources.map((r) => [r.id, r.action, 'url' in r.fields])).toEqual([
      ['hk_one_1', 'created', true],
      ['hk_one_2', 'created', true],
    ]);
  });

  it('records each aggregate createAll inserts, and none for an id already there', async () => {
    await store.create({ id: 'hk_all_1', orgId: 'org_all', url: 'u', secret: 's' });
    const fates = await inAuditScope(partner, () =>
      store.createAll([
        { id: 'hk_all_1', orgId: 'org_all', url: 'again', secret: 's' },
        { id: 'hk_all_2', orgId: 'org_all', url: 'u2', secret: 's' },
        { id: 'hk_all_3', orgId: 'org_all', url: 'u3', secret: 's' },
      ]),
    );
    expect(fates).toEqual([false, true, true]);
    const ofAll = () =>
      records()
        .filter((e) => e.orgId === 'org_all')
        .map(payloadOf);
    await eventually(async () => (ofAll().length === 2 ? true : undefined), 15_000);
    // The create's record, then the createAll's, naming only the two it inserted.
    expect(ofAll().map((p) => p.resources.map((r) => [r.id, r.action]))).toEqual([
      [['hk_all_1', 'created']],
      [
        ['hk_all_2', 'created'],
        ['hk_all_3', 'created'],
      ],
    ]);
    expect(ofAll()[1]!.actor).toEqual(partner.actor);
    // The one already there is left as it was.
    expect((await store.read('org_all', 'hk_all_1'))?.url).toBe('u');
    // No record is left behind on a document: every outbox empties.
    await eventually(async () => {
      const pending = await model.countDocuments({ orgId: 'org_all', outboxPending: true });
      return pending === 0 ? true : undefined;
    }, 15_000);
  });

  it('records a removal that happened, with the fields it held, and none for a removal that did not', async () => {
    await asSystem('seed', () => store.create({ id: 'hk_rm', orgId: 'org_rm', url: 'u', secret: 's' }));
    const ofRemoved = () =>
      records()
        .filter((e) => e.orgId === 'org_rm')
        .map(payloadOf);
    await eventually(async () => (ofRemoved().length === 1 ? true : undefined), 15_000);
    // Another organization's id and a condition that does not hold delete nothing and record nothing.
    expect(await inAuditScope(partner, () => store.remove('org_other', 'hk_rm'))).toBe(false);
    expect(await inAuditScope(partner, () => store.remove('org_rm', 'hk_rm', { version: 7 }))).toBe(false);
    expect(await inAuditScope(partner, () => store.remove('org_rm', 'hk_rm'))).toBe(true);
    await eventually(async () => (ofRemoved().length === 2 ? true : undefined), 15_000);
    expect(ofRemoved()[1]).toMatchObject({
      actor: partner.actor,
      resources: [
        {
          type: 'webhook_endpoint',
          id: 'hk_rm',
          action: 'deleted',
          fields: {
            url: { before: '[redacted]', after: '[redacted]' },
            secret: { before: '[redacted]', after: '[redacted]' },
          },
        },
      ],
    });
    // Settled, no intent is left behind.
    const intents = db().collection('audit_removals');
    await eventually(async () =>
      (await intents.countDocuments({ target: { $exists: true } })) === 0 ? true : undefined,
    );
    expect(ofRemoved()).toHaveLength(2);
  });

  it('sends the events a removed document still held in its outbox, before its removal record', async () => {
    // The record of its last change, written by a change whose relay never got to it (a process that died).
    const unsent = newEvent('audit.recorded', { ...payloadOf(records()[0]!), orgId: 'org_held' });
    await model.collection.insertOne({
      _id: 'hk_held',
      orgId: 'org_held',
      url: 'u',
      secret: 's',
      version: 1,
      ...outboxOf([unsent]),
    } as never);
    const names = () =>
      published.map((m) => JSON.parse(m.content.toString()) as EventEnvelope).filter((e) => e.orgId === 'org_held');
    expect(await store.remove('org_held', 'hk_held')).toBe(true);
    await eventually(async () => (names().length >= 2 ? true : undefined), 15_000);
    expect(names().map((e) => (e.id === unsent.id ? 'unsent' : payloadOf(e).resources[0]?.action))).toEqual([
      'unsent',
      'deleted',
    ]);
  });

  it('settles what a process that died mid-removal left: sent if the document is gone, else dropped', async () => {
    const intents = db().collection('audit_removals');
    await store.create({ id: 'hk_kept', orgId: 'org_dead', url: 'u', secret: 's' });
    const intent = (id: string) => ({
      _id: `evt_intent_${id}`,
      events: [{ ...records()[0]!, id: `evt_intent_${id}`, orgId: 'org_dead' }],
      target: { collection: model.collection.collectionName, _id: id },
      at: new Date(Date.now() - 5 * 60 * 1000),
    });
    // One died after deleting hk_gone, one before deleting hk_kept.
    await intents.insertMany([intent('hk_gone'), intent('hk_kept')] as never[]);
    // A fresh process (a new store) tidies at its first removal.
    const restarted = new AggregateStore<Hook>(model, relay, { name: 'Webhook endpoint', audit: {} });
    await restarted.create({ id: 'hk_next', orgId: 'org_next', url: 'u', secret: 's' });
    expect(await restarted.remove('org_next', 'hk_next')).toBe(true);
    await eventually(async () => (records().some((e) => e.id === 'evt_intent_hk_gone') ? true : undefined), 15_000);
    await eventually(async () =>
      (await intents.countDocuments({ target: { $exists: true } })) === 0 ? true : undefined,
    );
    expect(records().some((e) => e.id === 'evt_intent_hk_kept')).toBe(false);
    expect(await intents.countDocuments({ _id: 'evt_intent_hk_kept' } as never)).toBe(0);
  });

  it('records a refused change with its status and code, and no refused read', async () => {
    const app = createServiceApp({
      logger: createLogger('audit-trail-test', 'silent'),
      identitySecret: TEST_IDENTITY_SECRET,
      connection: db(),
      readiness: {},
      service: 'webhooks',
      relay,
      api: (router) => {
        const refuse = () => {
          throw new AppError('conflict', 'That endpoint is disabled', 'webhook_endpoint_disabled');
        };
        bindRoute(router, WEBHOOKS_API.listEndpoints, refuse);
        bindRoute(router, WEBHOOKS_API.updateEndpoint, refuse);
      },
    });
    const http = await listen(app);
    try {
      const headers = { ...asCaller('org_refused'), 'idempotency-key': 'idem-refused' };
      const patch = await fetch(`${http.url}/api/v1/webhooks/we_9`, {
        method: 'PATCH',
        headers,
        body: '{"enabled":true}',
      });
      expect(patch.status).toBe(409);
      const list = await fetch(`${http.url}/api/v1/webhooks`, { headers: asCaller('org_refused') });
      expect(list.status).toBe(409);
      const refused = () => records().filter((e) => e.orgId === 'org_refused');
      await eventually(async () => (refused().length > 0 ? true : undefined), 15_000);
      expect(refused().map(payloadOf)).toEqual([
        expect.objectContaining({
          status: 409,
          errorCode: 'webhook_endpoint_disabled',
          resources: [],
          request: expect.objectContaining({
            route: 'updateEndpoint',
            method: 'PATCH',
            path: '/api/v1/webhooks/we_9',
            idempotencyKey: 'idem-refused',
          }),
        }),
      ]);
    } finally {
      await http.close();
    }
  });

  it('records each change of a group written together with its own caller’s actor', async () => {
    await store.create({ id: 'hk_group', orgId: 'org_group', url: 'u', secret: 's' });
    const other = { ...partner, actor: { ...partner.actor, keyId: 'key_2', name: 'Shop' } };
    const changes = [partner, other, partner, other].map((scope, i) =>
      inAuditScope(scope, () => store.change('org_group', 'hk_group', (h) => ({ state: { ...h, secret: `s${i}` } }))),
    );
    expect((await Promise.all(changes)).map((c) => c.state.version)).toEqual([2, 3, 4, 5]);
    const ofGroup = () =>
      records().filter((e) => e.orgId === 'org_group' && payloadOf(e).resources[0]!.action === 'changed');
    await eventually(async () => (ofGroup().length === 4 ? true : undefined), 15_000);
    expect(ofGroup().map((e) => payloadOf(e).actor?.keyId)).toEqual(['key_1', 'key_2', 'key_1', 'key_2']);
  });
});
