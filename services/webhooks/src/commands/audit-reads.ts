import type { AuditQuery, AuditVerification, ExportRows } from '@stockyard/contracts';
import { notFound } from '@stockyard/service-kit';
import { ChainCheck, checkStart, FROM_GENESIS, type CheckAnchor, type CheckStart } from '../domain/audit-chain-check';
import type { AuditEntry } from '../domain/audit-entry';
import { auditEventView } from '../domain/audit-event-view';
import type { AuditChainAnchors } from '../store/audit-chain-anchors.repository';
import type { AuditEntries, AuditFilter, SequenceRange } from '../store/audit-entries.repository';

const DEFAULT_LIMIT = 20;
/** Entries read at a time by a verification: its memory stays this whatever the range. */
const VERIFY_PAGE = 1000;

/** An export's filters of the trail: the list's, without its paging. */
type AuditExportFilters = Omit<AuditQuery, 'limit' | 'startingAfter'>;

/** A page of entries, newest first; `next` continues below the last one. */
interface AuditEntryPage {
  data: AuditEntry[];
  limit: number;
  next: string | null;
}

const filterOf = ({ resourceType, resourceId, actorKeyId, route, status }: AuditQuery): AuditFilter =>
  Object.fromEntries(
    Object.entries({ resourceType, resourceId, actorKeyId, route, status }).filter(([, v]) => v !== undefined),
  );

/** The audit trail's reads: a page of an organization's entries, one entry, and its chain checked. */
export class AuditReads {
  constructor(
    private readonly entries: AuditEntries,
    private readonly anchors: AuditChainAnchors,
  ) {}

  async list(orgId: string, query: AuditQuery): Promise<AuditEntryPage> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const range = await this.recorded(orgId, query);
    if (!range) return { data: [], limit, next: null };
    // `startingAfter` is the sequence a page ended on: the next page is below it.
    const below = query.startingAfter === undefined ? Infinity : Number(query.startingAfter) - 1;
    const high = Math.min(range.high ?? Infinity, below);
    const bounded = { low: range.low, high: Number.isFinite(high) ? high : undefined };
    const rows = await this.entries.newest(orgId, filterOf(query), bounded, limit + 1);
    const data = rows.slice(0, limit);
    const next = rows.length > limit ? String(data[data.length - 1]!.sequence) : null;
    return { data, limit, next };
  }

  /**
   * A page of an export of the trail: the list's query and order (newest first) with its filters,
   * `after` being the previous page's `next`; each entry as the API answers it.
   */
  async exportRows(
    orgId: string,
    filters: AuditExportFilters,
    after: string | null,
    limit: number,
  ): Promise<ExportRows> {
    const page = await this.list(orgId, { ...filters, limit, startingAfter: after ?? undefined });
    return { rows: page.data.map(auditEventView), next: page.next };
  }

  async get(orgId: string, id: string): Promise<AuditEntry> {
    const entry = await this.entries.find(orgId, id);
    if (!entry) throw notFound('Audit event');
    return entry;
  }

  /**
   * Checks every entry recorded in the range (the whole chain without one) from its stored
   * content, page by page, up to the tail as it is when the check begins. A chain a retention
   * sweep shortened starts from its anchor (`startsFrom`), or while the sweep is unfinished from
   * the oldest entry it has yet to remove.
   */
  async verify(orgId: string, query: { from?: string; to?: string }): Promise<AuditVerification> {
    const [range, anchor] = await Promise.all([this.recorded(orgId, query), this.anchors.find(orgId)]);
    const low = range && (range.low ?? (await this.entries.first(orgId))?.sequence);
    if (!range || low === undefined) return new ChainCheck(this.emptyStart(anchor)).result();
    const high = range.high ?? (await this.entries.tail(orgId)).sequence;
    const check = new ChainCheck(await this.startOf(orgId, low, anchor), anchor);
    for await (const page of this.entries.oldest(orgId, { low, high }, VERIFY_PAGE)) {
      for (const entry of page) if (!check.add(entry)) return check.result();
    }
    return check.result();
  }

  private emptyStart(anchor: CheckAnchor | undefined): CheckStart {
    return anchor ? { sequence: anchor.firstSequence - 1, hash: anchor.startsFrom } : FROM_GENESIS;
  }

  /** What the range's first entry links to (domain/audit-chain-check.ts, checkStart). */
  private async startOf(orgId: string, low: number, anchor: CheckAnchor | undefined): Promise<CheckStart> {
    if (low <= 1) return FROM_GENESIS;
    const [before, first] = await Promise.all([this.entries.at(orgId, low - 1), this.entries.at(orgId, low)]);
    return checkStart(low, { before: before?.hash, firstLink: first?.previousHash, anchor });
  }

  /**
   * `from` and `to` (when the trail recorded the entries) as sequences: `recordedAt` never
   * goes back along a chain, so two index lookups bound the range. Undefined: nothing in it.
   */
  private async recorded(orgId: string, { from, to }: { from?: string; to?: string }) {
    const [low, high] = await Promise.all([
      from === undefined ? undefined : this.entries.firstSince(orgId, new Date(from)),
      to === undefined ? undefined : this.entries.lastUntil(orgId, new Date(to)),
    ]);
    if ((from !== undefined && low === undefined) || (to !== undefined && high === undefined)) return undefined;
    if (low !== undefined && high !== undefined && low > high) return undefined;
    const range: SequenceRange = { low, high };
    return range;
  }
}
