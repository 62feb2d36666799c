import type { Connection, mongo } from 'mongoose';
import { isDuplicateKeyError } from '@stockyard/service-kit';
import type { ChainAnchor } from '../domain/audit-retention';
import { auditChainAnchorModel, type AuditChainAnchorDoc } from './audit-chain-anchor.model';

/** Replicas sweeping at once: each compare-and-set that lost reads again, this many times at most. */
const MAX_ATTEMPTS = 5;

const toAnchor = ({ startsFrom, firstSequence, removedThrough }: AuditChainAnchorDoc): ChainAnchor => ({
  startsFrom,
  firstSequence,
  removedThrough,
});

/** Where each organization's kept chain starts (`audit_chain_anchors`), keyed by the organization. */
export class AuditChainAnchors {
  private readonly collection: mongo.Collection<AuditChainAnchorDoc>;

  constructor(connection: Connection) {
    this.collection = auditChainAnchorModel(connection).collection as unknown as mongo.Collection<AuditChainAnchorDoc>;
  }

  async find(orgId: string): Promise<ChainAnchor | undefined> {
    const doc = await this.collection.findOne({ _id: orgId });
    return doc ? toAnchor(doc) : undefined;
  }

  /**
   * Moves the organization's anchor forward to `next`, never back: a compare-and-set on the first
   * sequence read (another replica's sweep may move it meanwhile). Answers the anchor stored after.
   */
  async advance(orgId: string, next: ChainAnchor, now = new Date()): Promise<ChainAnchor> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.find(orgId);
      if (current && current.firstSequence >= next.firstSequence) return current;
      const doc = { _id: orgId, ...next, updatedAt: now };
      try {
        if (!current) await this.collection.insertOne(doc);
        else {
          const { matchedCount } = await this.collection.replaceOne(
            { _id: orgId, firstSequence: current.firstSequence },
            doc,
          );
          if (matchedCount === 0) continue;
        }
        return next;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
    throw new Error(`the audit chain anchor of ${orgId} kept moving`);
  }
}
