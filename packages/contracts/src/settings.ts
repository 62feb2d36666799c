import { z } from 'zod';

/**
 * Organization settings, owned by the gateway. `invoiceWorkflow` tells the invoicing
 * service whether invoices need an approval step (`advanced`) or not (`simple`).
 */
export const INVOICE_WORKFLOWS = ['simple', 'advanced'] as const;

export const OrgSettingsSchema = z.object({
  invoiceWorkflow: z.enum(INVOICE_WORKFLOWS),
  updatedAt: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof OrgSettingsSchema>;

export const DEFAULT_ORG_SETTINGS: Omit<OrgSettings, 'updatedAt'> = { invoiceWorkflow: 'simple' };

export const UpdateOrgSettingsSchema = z
  .object({ invoiceWorkflow: z.enum(INVOICE_WORKFLOWS) })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one setting' });
export type UpdateOrgSettings = z.infer<typeof UpdateOrgSettingsSchema>;

/** Where a service reads an organization's settings: the gateway's internal API. */
export const ORG_SETTINGS_INTERNAL_PATH = '/internal/v1/settings';
