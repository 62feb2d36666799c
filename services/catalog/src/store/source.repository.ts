import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay, readPage } from '@stockyard/service-kit';
import { assertSourceWritable, type SourceState } from '../domain/source';
import type { SourceModel } from './source.model';

/** Source channels' (suppliers') store: every write of a source goes through it. */
export const sourceStore = (model: SourceModel, relay: OutboxRelay) =>
  new AggregateStore<SourceState>(model, relay, { name: 'Source channel' });
export type SourceStore = ReturnType<typeof sourceStore>;

/** Source channels as states: one source, a writable one, the list by name, a batch by id. */
export class SourceReads {
  constructor(
    private readonly model: SourceModel,
    private readonly store: SourceStore,
  ) {}

  /** The organization's source, deleted ones included; another organization's is a 404. */
  async get(orgId: string, id: string): Promise<SourceState> {
    const source = await this.store.read(orgId, id);
    if (!source) throw notFound('Source channel');
    return source;
  }

  /** A source SKUs may be written to and feeds imported into: exists and is not deleted. */
  async writable(orgId: string, id: string): Promise<SourceState> {
    const source = await this.get(orgId, id);
    assertSourceWritable(source);
    return source;
  }

  async list(orgId: string, includeDeleted: boolean, { limit, offset }: Page): Promise<List<SourceState>> {
    const { data, total } = await readPage<SourceState>(this.model, {
      filter: includeDeleted ? { orgId } : { orgId, deletedAt: null },
      sort: { name: 1, _id: 1 },
      page: { limit, offset },
    });
    return { data, total: total!, limit, offset };
  }

  /** The organization's sources among the ids, trashed ones included (reads by `_id`, 500 at a time). */
  async byIds(orgId: string, ids: readonly string[]): Promise<SourceState[]> {
    return [...(await this.store.readMany(orgId, ids)).values()];
  }
}
