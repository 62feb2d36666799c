import { DEFAULT_ORG_SETTINGS, type OrgSettings, type UpdateOrgSettings } from '@stockyard/contracts';
import { AggregateStore, notFound, type Aggregate } from '@stockyard/service-kit';
import type { OrganizationModel } from './api-key.model';

interface OrganizationRecord {
  _id: string;
  settings?: Partial<Omit<OrgSettings, 'updatedAt'>>;
  settingsUpdatedAt?: Date | null;
}

const toSettings = (org: OrganizationRecord): OrgSettings => ({
  ...DEFAULT_ORG_SETTINGS,
  ...org.settings,
  updatedAt: org.settingsUpdatedAt ? org.settingsUpdatedAt.toISOString() : null,
});

/** Organization settings, one sub-document of the organization. */
export class OrganizationRepository {
  /** Its writes: each under the document's lock (the kit's store: version-guarded). */
  private readonly store: AggregateStore<Aggregate>;

  constructor(private readonly orgs: OrganizationModel) {
    this.store = new AggregateStore<Aggregate>(orgs, undefined, { name: 'Organization' });
  }

  async settings(orgId: string): Promise<OrgSettings> {
    const org = await this.orgs.findById(orgId).lean<OrganizationRecord>();
    if (!org) throw notFound('Organization');
    return toSettings(org);
  }

  async updateSettings(orgId: string, patch: UpdateOrgSettings, now = new Date()): Promise<OrgSettings> {
    const set = Object.fromEntries(Object.entries(patch).map(([name, value]) => [`settings.${name}`, value]));
    const org = await this.store.updateWhere(
      orgId,
      {},
      { $set: { ...set, settingsUpdatedAt: now, updatedAt: new Date() } },
    );
    if (!org) throw notFound('Organization');
    return toSettings(org);
  }
}
