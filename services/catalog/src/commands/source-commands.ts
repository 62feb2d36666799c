import type { CreateSource, Page, UpdateSource } from '@stockyard/contracts';
import { deleteSource, newSource, updateSource, type SourceState } from '../domain/source';
import type { SourceReads, SourceStore } from '../store/source.repository';

/** Source channels (suppliers): the list, one source, create, edit, soft delete. */
export class SourceCommands {
  constructor(
    private readonly store: SourceStore,
    private readonly sources: SourceReads,
  ) {}

  list(orgId: string, includeDeleted: boolean, page: Page) {
    return this.sources.list(orgId, includeDeleted, page);
  }

  get(orgId: string, id: string): Promise<SourceState> {
    return this.sources.get(orgId, id);
  }

  create(orgId: string, input: CreateSource): Promise<SourceState> {
    return this.store.create(newSource(orgId, input));
  }

  // Each change reads the source for its organization first: the store's change alone trusts
  // a state it remembers by id (README, "Tenancy and the aggregate store").
  async update(orgId: string, id: string, patch: UpdateSource): Promise<SourceState> {
    await this.sources.get(orgId, id);
    const { state } = await this.store.change(orgId, id, (s) => ({ state: updateSource(s, patch) }));
    return state;
  }

  /** Soft delete (idempotent): its SKUs stay, linked and readable; it takes no more SKU writes or imports. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.sources.get(orgId, id);
    await this.store.change(orgId, id, (s) => ({ state: deleteSource(s, new Date()) }));
  }
}
