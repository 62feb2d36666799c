import { DEFAULT_ORG_SETTINGS, type OrgSettings, type UpdateOrgSettings } from '@stockyard/contracts';
import { documentKey, documentLocks, notFound } from '@stockyard/service-kit';
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
  constructor(private readonly orgs: OrganizationModel) {}

  async settings(orgId: string): Promise<OrgSettings> {
    const org = await this.orgs.findById(orgId).lean<OrganizationRecord>();
    if (!org) throw notFound('Organization');
    return toSettings(org);
  }

  async updateSettings(orgId: string, patch: UpdateOrgSettings, now = new Date()): Promise<OrgSettings> {
    return documentLocks.run(documentKey('organizations', orgId), async () => {
      const set = Object.fromEntries(Object.entries(patch).map(([name, value]) => [`settings.${name}`, value]));
      const org = await this.orgs
        .findOneAndUpdate({ _id: orgId }, { $set: { ...set, settingsUpdatedAt: now } }, { new: true })
        .lean<OrganizationRecord>();
      if (!org) throw notFound('Organization');
      return toSettings(org);
    });
  }
}
