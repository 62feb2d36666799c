import { z } from 'zod';
import { currencySchema } from './sources';

/**
 * The organization's inventory settings, owned by the inventory service (`GET/PATCH
 * /inventory-settings`): how stock leaving is costed, and the one currency its stock is valued in.
 */
export const COSTING_METHODS = ['FIFO', 'MOVING_AVERAGE'] as const;
export type CostingMethod = (typeof COSTING_METHODS)[number];

const costingMethod = z
  .enum(COSTING_METHODS)
  .describe(
    'FIFO takes stock out from its oldest cost layers; MOVING_AVERAGE at the average of what is on hand. ' +
      'A change applies from that moment: each warehouse pool of a variant follows it at its next movement.',
  );

export const InventorySettingsSchema = z
  .object({
    costingMethod,
    currency: z.string().describe('ISO 4217 code every stock value of the organization is in'),
    /** When the settings last changed; null while they are the defaults. */
    updatedAt: z.string().nullable(),
  })
  .describe('How the organization’s stock is valued');
export type InventorySettings = z.infer<typeof InventorySettingsSchema>;

export const DEFAULT_INVENTORY_SETTINGS: Omit<InventorySettings, 'updatedAt'> = {
  costingMethod: 'FIFO',
  currency: 'USD',
};

export const UpdateInventorySettingsSchema = z
  .object({
    costingMethod,
    currency: currencySchema.describe(
      'ISO 4217 code (taken upper-cased); changes only while the organization has no valuation entries',
    ),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one setting' })
  .describe('The settings to change; the others stay');
export type UpdateInventorySettings = z.infer<typeof UpdateInventorySettingsSchema>;
