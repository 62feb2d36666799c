import type { Collection, Connection } from 'mongoose';
import { documentKey, documentLocks } from '../db/document-lock';
import { newEvent } from '../events/outbox';
import type { OutboxRelay } from '../events/outbox-relay';
import type { AuditScope } from './audit-scope';

/** A refused request's record stays this long after the relay sent it, then a later refusal removes it. */
const KEEP_MS = 60 * 60 * 1000;
const TIDY_EVERY_MS = 10 * 60 * 1000;

/**
 * Requests a service refused (403, 409, 422: nothing changed, which an operator still wants to
 * see) as `audit.recorded` events. A refusal writes nothing else, so its record gets a small
 * document of its own (`audit_refusals`) whose outbox the relay sends like any aggregate's.
 */
export class RefusalLog {
  private readonly collection: Collection;
  private tidiedAt = 0;

  constructor(
    connection: Connection,
    private readonly relay: OutboxRelay,
  ) {
    this.collection = connection.collection('audit_refusals');
    relay.addSource(this.collection);
  }

  async record(scope: AuditScope, orgId: string, status: number, errorCode: string): Promise<void> {
    const event = newEvent('audit.recorded', {
      orgId,
      at: new Date().toISOString(),
      actor: scope.actor,
      request: scope.request,
      status,
      errorCode,
      resources: [],
    });
    const _id = event.id;
    await documentLocks.run(documentKey(this.collection.collectionName, _id), async () => {
      const outbox = this.relay.prepareInsert(this.collection, _id, [event]);
      await this.collection.insertOne({ _id, orgId, at: new Date(), ...outbox.fields } as never);
      outbox.settle(true);
    });
    this.relay.kick(this.collection, _id, [event]);
    await this.tidy();
  }

  /** Removes sent records past their time, at most every few minutes. */
  private async tidy(): Promise<void> {
    const now = Date.now();
    if (now - this.tidiedAt < TIDY_EVERY_MS) return;
    this.tidiedAt = now;
    await this.collection.deleteMany({ at: { $lt: new Date(now - KEEP_MS) }, outboxPending: { $ne: true } });
  }
}
