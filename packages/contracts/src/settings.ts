import { z } from 'zod';
import { nonNegativeMoney } from './amounts';

/**
 * Organization settings, owned by the gateway. `invoiceWorkflow` tells the invoicing
 * service whether invoices need an approval step (`advanced`) or not (`simple`);
 * `accountingPush` when a bill is released to the organization's accounting system (never,
 * once payable, or on reconcile); the match tolerance how far a matched invoice line may
 * stray from its purchase-order line (the greater of a percent of its value and an amount).
 */
export const INVOICE_WORKFLOWS = ['simple', 'advanced'] as const;
export const ACCOUNTING_PUSH_MODES = ['none', 'on_approve', 'on_reconcile'] as const;
export type AccountingPushMode = (typeof ACCOUNTING_PUSH_MODES)[number];

const settingFields = {
  invoiceWorkflow: z.enum(INVOICE_WORKFLOWS),
  accountingPush: z.enum(ACCOUNTING_PUSH_MODES),
  /** Percent of the purchase-order value of the invoiced quantity (0 to 100, at most 2 decimals). */
  matchTolerancePercent: nonNegativeMoney().refine((v) => v <= 100, 'must be at most 100'),
  /** The absolute floor of the tolerance, in money. */
  matchToleranceAmount: nonNegativeMoney(),
};

export const OrgSettingsSchema = z.object({
  invoiceWorkflow: z.enum(INVOICE_WORKFLOWS),
  accountingPush: z.enum(ACCOUNTING_PUSH_MODES),
  matchTolerancePercent: z.number(),
  matchToleranceAmount: z.number(),
  updatedAt: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof OrgSettingsSchema>;

export const DEFAULT_ORG_SETTINGS: Omit<OrgSettings, 'updatedAt'> = {
  invoiceWorkflow: 'simple',
  accountingPush: 'none',
  matchTolerancePercent: 0,
  matchToleranceAmount: 0,
};

export const UpdateOrgSettingsSchema = z
  .object(settingFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one setting' });
export type UpdateOrgSettings = z.infer<typeof UpdateOrgSettingsSchema>;
