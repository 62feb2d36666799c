import { switchableProxy } from '@stockyard/testkit';
import type { AuditRecordedPayload, AuditVerification } from '@stockyard/contracts';
import { startGateway } from '../../../gateway/test/support/gateway';
import { chained, type AuditEntry, type ChainTail } from '../../src/domain/audit-entry';
import type { AuditChainAnchorDoc } from '../../src/store/audit-chain-anchor.model';
import { auditEntries, auditRecord } from './audit';
import { startWebhooks } from './webhooks';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The webhooks service with a real gateway behind a proxy a test takes down (`gatewayProxy`), its
 * retention sweep run by the test (`sweep()`), and helpers: an organization in the gateway with a
 * retention, a chain of entries recorded days ago, the chain verified through HTTP.
 */
export async function startRetention(name: string, env: Record<string, string> = {}) {
  const gateway = await startGateway();
  const gatewayProxy = await switchableProxy(gateway.url);
  const h = await startWebhooks(`org_${name}`, {
    env: { GATEWAY_URL: gatewayProxy.url, AUDIT_RETENTION_SWEEP_MS: '0', ...env },
  });
  const close = h.close.bind(h);
  let orgs = 0;
  return Object.assign(h, {
    gateway,
    gatewayProxy,
    sweep: () => h.deps.audit.retention.tick(),
    /** A new organization in the gateway, its retention set when given (else the default). */
    async org(auditRetentionDays?: number): Promise<string> {
      const orgId = await gateway.keys.createOrganization(`${name} ${++orgs}`);
      if (auditRetentionDays !== undefined) {
        const { token } = await gateway.keys.create({ orgId, type: 'admin', name: 'admin', role: 'ADMIN' });
        const res = await gateway.api('PATCH', '/settings', token, { auditRetentionDays });
        if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
      }
      return orgId;
    },
    /** Entries appended to the organization's chain (after `tail`) as if recorded these many days ago. */
    async recorded(orgId: string, daysAgo: number[], tail?: ChainTail): Promise<AuditEntry[]> {
      let previous = tail ?? { sequence: 0, hash: '0'.repeat(64), recordedAt: new Date(0) };
      const entries: AuditEntry[] = [];
      for (const days of daysAgo) {
        const { id, payload } = auditRecord(orgId);
        const [entry] = chained(previous, [{ id, payload: payload as AuditRecordedPayload }], ago(days));
        entries.push(entry!);
        previous = entry!;
      }
      await auditEntries(h).insertMany(entries.map(({ id, ...rest }) => ({ _id: id, ...rest })));
      return entries;
    },
    /** The sequences the organization's chain still holds. */
    async sequences(orgId: string): Promise<number[]> {
      const docs = await auditEntries(h).find({ orgId }).sort({ sequence: 1 }).toArray();
      return docs.map((d) => d.sequence);
    },
    anchorOf: (orgId: string) =>
      h.connection.collection<AuditChainAnchorDoc>('audit_chain_anchors').findOne({ _id: orgId }),
    async verify(orgId: string, query = ''): Promise<AuditVerification> {
      const res = await h.request('GET', `/audit-events/verify${query}`, undefined, { orgId });
      if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
      return res.body as AuditVerification;
    },
    async close() {
      await close();
      await gatewayProxy.close();
      await gateway.close();
    },
  });
}
export type RetentionHarness = Awaited<ReturnType<typeof startRetention>>;

/** That many days before now (fractions allowed). */
export const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
