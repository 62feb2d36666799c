import { z } from 'zod';
import { nonNegativeMoney } from './amounts';

/**
 * Organization settings, owned by the gateway. `invoiceWorkflow` tells the invoicing
 * service whether invoices need an approval step (`advanced`) or not (`simple`);
 * `accountingPush` when a bill is released to the organization's accounting system (never,
 * once payable, or on reconcile); the match tolerance how far a matched invoice line may
 * stray from its purchase-order line (the greater of a percent of its value and an amount);
 * `auditRetentionDays` how long the audit trail keeps an entry (the webhooks service's sweep
 * removes older ones, the chain still verifiable from where the kept part starts).
 */
export const INVOICE_WORKFLOWS = ['simple', 'advanced'] as const;
export const ACCOUNTING_PUSH_MODES = ['none', 'on_approve', 'on_reconcile'] as const;
export type AccountingPushMode = (typeof ACCOUNTING_PUSH_MODES)[number];
/** The audit trail's retention, in whole days: a month at least, ten years at most. */
export const AUDIT_RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;

const settingFields = {
  invoiceWorkflow: z.enum(INVOICE_WORKFLOWS),
  accountingPush: z.enum(ACCOUNTING_PUSH_MODES),
  /** Percent of the purchase-order value of the invoiced quantity (0 to 100, at most 2 decimals). */
  matchTolerancePercent: nonNegativeMoney().refine((v) => v <= 100, 'must be at most 100'),
  /** The absolute floor of the tolerance, in money. */
  matchToleranceAmount: nonNegativeMoney(),
  /** Days the audit trail keeps an entry (30 to 3650); the newest entry is always kept. */
  auditRetentionDays: z.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max),
};

export const OrgSettingsSchema = z.object({
  invoiceWorkflow: z.enum(INVOICE_WORKFLOWS),
  accountingPush: z.enum(ACCOUNTING_PUSH_MODES),
  matchTolerancePercent: z.number(),
  matchToleranceAmount: z.number(),
  auditRetentionDays: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof OrgSettingsSchema>;

export const DEFAULT_ORG_SETTINGS: Omit<OrgSettings, 'updatedAt'> = {
  invoiceWorkflow: 'simple',
  accountingPush: 'none',
  matchTolerancePercent: 0,
  matchToleranceAmount: 0,
  auditRetentionDays: AUDIT_RETENTION_DAYS.default,
};

export const UpdateOrgSettingsSchema = z
  .object(settingFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one setting' });
export type UpdateOrgSettings = z.infer<typeof UpdateOrgSettingsSchema>;
