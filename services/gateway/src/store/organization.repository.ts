import { DEFAULT_ORG_SETTINGS, type OrgSettings, type UpdateOrgSettings } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay } from '@stockyard/service-kit';
import type { OrganizationModel } from './api-key.model';

/** An organization as its store holds it: `id` and `orgId` are its `_id`. */
interface Organization {
  id: string;
  orgId: string;
  version: number;
  name: string;
  settings?: Partial<Omit<OrgSettings, 'updatedAt'>>;
  settingsUpdatedAt?: Date | null;
}

const toSettings = (org: Pick<Organization, 'settings' | 'settingsUpdatedAt'>): OrgSettings => ({
  ...DEFAULT_ORG_SETTINGS,
  ...org.settings,
  updatedAt: org.settingsUpdatedAt ? org.settingsUpdatedAt.toISOString() : null,
});

/** The settings a PATCH names (a key given as undefined is not one). */
const named = (patch: UpdateOrgSettings) =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));

/**
 * Organization settings, one sub-document of the organization, changed through the kit's store:
 * each change carries its `audit.recorded` event (type `settings`, id the organization's) in the
 * same write, with the settings it moved before and after.
 */
export class OrganizationRepository {
  private readonly store: AggregateStore<Organization>;

  constructor(
    private readonly orgs: OrganizationModel,
    /** The gateway's outbox relay (none: its changes are not recorded). */
    relay?: OutboxRelay,
  ) {
    this.store = new AggregateStore<Organization>(orgs, relay, {
      name: 'Organization',
      // settingsUpdatedAt moves with every PATCH: a PATCH that changes no value records nothing.
      audit: { type: 'settings', ignoredFields: ['settingsUpdatedAt'] },
    });
  }

  async settings(orgId: string): Promise<OrgSettings> {
    const org = await this.orgs.findById(orgId).lean<Organization>();
    if (!org) throw notFound('Organization');
    return toSettings(org);
  }

  async updateSettings(orgId: string, patch: UpdateOrgSettings, now = new Date()): Promise<OrgSettings> {
    // The store reads an aggregate by `_id` and checks its `orgId`: an organization made before
    // it carried one gets it now (once; the condition makes it a no-op after).
    await this.store.updateWhere(orgId, { orgId: { $exists: false } }, { $set: { orgId } });
    const { state } = await this.store.change(orgId, orgId, (org) => ({
      state: { ...org, settings: { ...org.settings, ...named(patch) }, settingsUpdatedAt: now },
    }));
    return toSettings(state);
  }
}
