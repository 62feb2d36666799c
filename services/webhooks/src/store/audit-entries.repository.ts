import type { Connection, mongo } from 'mongoose';
import { EMPTY_CHAIN, type AuditEntry, type ChainTail } from '../domain/audit-entry';
import { auditEntryModel, type AuditEntryDoc } from './audit-entry.model';

/** Sequences from `low` to `high`, both included (either open). */
export interface SequenceRange {
  low?: number;
  high?: number;
}

/** A list's equalities: each is the leading field of an index that ends on the sequence. */
export interface AuditFilter {
  resourceType?: string;
  resourceId?: string;
  actorKeyId?: string;
  route?: string;
  status?: number;
}

const toEntry = ({ _id, ...rest }: AuditEntryDoc): AuditEntry => ({ id: _id, ...rest });
const toDoc = ({ id, ...rest }: AuditEntry): AuditEntryDoc => ({ _id: id, ...rest });
const sequenceIn = ({ low, high }: SequenceRange): { sequence?: { $gte?: number; $lte?: number } } =>
  low === undefined && high === undefined
    ? {}
    : { sequence: { ...(low === undefined ? {} : { $gte: low }), ...(high === undefined ? {} : { $lte: high }) } };

/** The organizations' chains in `audit_events`; every read names the organization. */
export class AuditEntries {
  private readonly collection: mongo.Collection<AuditEntryDoc>;

  constructor(connection: Connection) {
    this.collection = auditEntryModel(connection).collection as unknown as mongo.Collection<AuditEntryDoc>;
  }

  /** Those of these event ids that some chain holds already (a copy of an event appended before). */
  async appended(ids: readonly string[]): Promise<Set<string>> {
    const docs = await this.collection.find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } }).toArray();
    return new Set(docs.map((d) => d._id));
  }

  /** The newest entry's place, hash and time: what the next entry links to. */
  async tail(orgId: string): Promise<ChainTail> {
    const doc = await this.collection.findOne(
      { orgId },
      { sort: { sequence: -1 }, projection: { sequence: 1, hash: 1, recordedAt: 1 } },
    );
    return doc ? { sequence: doc.sequence, hash: doc.hash, recordedAt: doc.recordedAt } : EMPTY_CHAIN;
  }

  /**
   * Inserts the entries in their order and stops at the first that fails: a place another
   * writer took, or an id appended meanwhile (a duplicate key, which the caller reads again).
   */
  async insert(entries: readonly AuditEntry[]): Promise<void> {
    await this.collection.insertMany(entries.map(toDoc), { ordered: true });
  }

  /** The oldest entry still stored: a chain's start, after a retention sweep removed older ones. */
  async first(orgId: string): Promise<AuditEntry | undefined> {
    const doc = await this.collection.findOne({ orgId }, { sort: { sequence: 1 } });
    return doc ? toEntry(doc) : undefined;
  }

  /** The next organization with entries after `orgId` (the first without one), by the chain's index. */
  async organizationAfter(orgId: string | undefined): Promise<string | undefined> {
    const doc = await this.collection.findOne(orgId === undefined ? {} : { orgId: { $gt: orgId } }, {
      sort: { orgId: 1, sequence: -1 },
      projection: { orgId: 1 },
    });
    return doc?.orgId;
  }

  /** Removes up to `size` of the organization's oldest entries below `sequence`; answers how many it found. */
  async removeOldest(orgId: string, sequence: number, size: number): Promise<number> {
    const docs = await this.collection
      .find({ orgId, sequence: { $lt: sequence } }, { projection: { _id: 1 } })
      .sort({ sequence: 1 })
      .limit(size)
      .toArray();
    // By `_id` alone: FerretDB deletes a list of ids through its index (infra/ferretdb/README.md).
    if (docs.length > 0) await this.collection.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
    return docs.length;
  }

  async find(orgId: string, id: string): Promise<AuditEntry | undefined> {
    // By the bare `_id` (FerretDB answers it from its index), the tenancy checked here.
    const doc = await this.collection.findOne({ _id: id });
    return doc && doc.orgId === orgId ? toEntry(doc) : undefined;
  }

  async at(orgId: string, sequence: number): Promise<AuditEntry | undefined> {
    const doc = await this.collection.findOne({ orgId, sequence });
    return doc ? toEntry(doc) : undefined;
  }

  /** Newest first: at most `limit` entries matching `filter` within `range`. */
  async newest(orgId: string, filter: AuditFilter, range: SequenceRange, limit: number): Promise<AuditEntry[]> {
    const docs = await this.collection
      .find({ orgId, ...filter, ...sequenceIn(range) })
      .sort({ sequence: -1 })
      .limit(limit)
      .toArray();
    return docs.map(toEntry);
  }

  /** Oldest first, from `low` to `high`, `size` at a time: a range of any length in bounded memory. */
  async *oldest(orgId: string, { low = 1, high }: SequenceRange, size: number): AsyncGenerator<AuditEntry[]> {
    for (let from = low; ;) {
      const docs = await this.collection
        .find({ orgId, ...sequenceIn({ low: from, high }) })
        .sort({ sequence: 1 })
        .limit(size)
        .toArray();
      if (docs.length > 0) yield docs.map(toEntry);
      if (docs.length < size) return;
      from = docs[docs.length - 1]!.sequence + 1;
    }
  }

  /** The first sequence the trail recorded at or after `at` (undefined: none since). */
  async firstSince(orgId: string, at: Date): Promise<number | undefined> {
    const doc = await this.collection.findOne(
      { orgId, recordedAt: { $gte: at } },
      { sort: { recordedAt: 1, sequence: 1 }, projection: { sequence: 1 } },
    );
    return doc?.sequence;
  }

  /** The last sequence the trail recorded at or before `at` (undefined: none by then). */
  async lastUntil(orgId: string, at: Date): Promise<number | undefined> {
    const doc = await this.collection.findOne(
      { orgId, recordedAt: { $lte: at } },
      { sort: { recordedAt: -1, sequence: -1 }, projection: { sequence: 1 } },
    );
    return doc?.sequence;
  }
}
