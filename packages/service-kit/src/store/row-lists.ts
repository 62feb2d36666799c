import type { List, Page } from '@stockyard/contracts';
import type { Model } from 'mongoose';
import { exportPage } from './export-page';
import { readList, type OrgFilter } from './read-page';

/**
 * The earliest date: `deletedAt` holds null or a date, and at or after it is every trashed record.
 * A range rather than `$ne: null`, which the local store cannot bound by a trash index.
 */
export const EARLIEST = new Date(-8_640_000_000_000_000);

/** Every trashed record of an organization, as a trash list's filter holds it. */
export const trashedOf = (orgId: string): OrgFilter => ({ orgId, deletedAt: { $gte: EARLIEST } });

interface RowListsOptions<Q, F, W> {
  /**
   * The ids a list may hold (a superset, from a term index), or undefined for no such limit: a
   * search's candidates, read once for a page and again for each page of an export.
   */
  candidates: (orgId: string, filters: F) => Promise<string[] | undefined>;
  /** The list's filter on the rows: the equalities its indexes hold, ranges, and the candidates. */
  filter: (orgId: string, filters: F, among: string[] | undefined) => OrgFilter;
  /** The list's order for a query (its index is the filter's equalities then this). */
  sort: (query: Q) => Record<string, 1 | -1>;
  /** A row as the list answers it (default: its packed `view` parsed). */
  viewOf?: (row: Record<string, unknown>) => W;
  /** The time field an export pages by, oldest first with `_id` (default `createdAt`). */
  exportField?: string;
}

/** A row's packed wire shape, as `ListRows` writes it (`view`). */
const packedView = <W>(row: Record<string, unknown>) => JSON.parse(row.view as string) as W;

/**
 * The reads of a list kept as `ListRows` (`Q` its query, `F` the filters an export shares with it,
 * `W` a row's answer): a page by the query's filters and sort (a search's candidates from its term
 * index first), an export's pages by the same filters, and the trash, the last trashed first. Each
 * answers the rows' packed views, never the aggregates; a page and the trash as the list envelope
 * (`data`, `total`, `limit`, `offset`).
 */
export class RowLists<Q extends F, F, W> {
  private readonly viewOf: (row: Record<string, unknown>) => W;

  constructor(
    private readonly rows: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any list rows' model
    private readonly options: RowListsOptions<Q, F, W>,
  ) {
    this.viewOf = options.viewOf ?? packedView;
  }

  /** A page of the live records the query's filters match, in its order, with the total. */
  async list(orgId: string, query: Q & Page): Promise<List<W>> {
    const among = await this.options.candidates(orgId, query);
    const filter = this.options.filter(orgId, query, among);
    const page = { limit: query.limit, offset: query.offset };
    const sort = this.options.sort(query);
    return readList(this.rows, { filter, sort, page, among }, this.viewOf);
  }

  /** An export's page (issue #41): the list's records by its filters after the cursor, oldest first. */
  async exportPage(orgId: string, filters: F, after: string | null, limit: number) {
    const filter = this.options.filter(orgId, filters, await this.options.candidates(orgId, filters));
    return exportPage(this.rows.collection, filter, after, limit, this.viewOf, { field: this.options.exportField });
  }

  /** A page of the trashed records, the last trashed first. */
  trash(orgId: string, page: Page): Promise<List<W>> {
    const sort = { deletedAt: -1 as const, _id: -1 as const };
    return readList(this.rows, { filter: trashedOf(orgId), sort, page }, this.viewOf);
  }
}
