import { z } from 'zod';
import { money, nonNegativeMoney } from './amounts';
import { idSchema } from './ids';

/**
 * Landed costs of a purchase order (issue #26): freight, duty, insurance… added to the order and
 * allocated over its lines in integer cents by received value, received quantity or received
 * weight (largest remainder, so the parts always sum to the amount), or by hand (MANUAL).
 */
const id = idSchema();

export const ALLOCATION_METHODS = ['BY_VALUE', 'BY_QUANTITY', 'BY_WEIGHT', 'MANUAL'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

/** A landed cost's amount: above zero. */
const amount = () => money().refine((v) => v > 0, 'must be greater than 0');
const description = z.string().trim().min(1).max(200);

export const CreateLandedCostSchema = z
  .object({
    description,
    amount: amount(),
    allocationMethod: z.enum(ALLOCATION_METHODS).default('BY_VALUE'),
    invoiceId: id.nullable().optional(),
  })
  .strict();
export type CreateLandedCost = z.infer<typeof CreateLandedCostSchema>;

/** PUT /landed-costs/{id}: a new amount or method re-runs the allocation unless the method is MANUAL. */
export const UpdateLandedCostSchema = z
  .object({
    description,
    amount: amount(),
    allocationMethod: z.enum(ALLOCATION_METHODS),
    invoiceId: id.nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateLandedCost = z.infer<typeof UpdateLandedCostSchema>;

export const AllocationSchema = z.object({ purchaseOrderLineId: z.string(), amount: z.number() });
export type Allocation = z.infer<typeof AllocationSchema>;

/** PUT /landed-costs/{id}/allocations: replaces them and sets MANUAL; they must sum to the amount within 0.01. */
export const SetManualAllocationsSchema = z
  .object({
    allocations: z
      .array(z.object({ purchaseOrderLineId: id, amount: nonNegativeMoney() }).strict())
      .min(1)
      .max(500)
      .refine(
        (list) => new Set(list.map((a) => a.purchaseOrderLineId)).size === list.length,
        'each purchaseOrderLineId may appear once',
      ),
  })
  .strict();
export type SetManualAllocations = z.infer<typeof SetManualAllocationsSchema>;

/** Manual allocations may differ from the amount by at most this much (the spec's limit). */
export const MANUAL_ALLOCATION_TOLERANCE = 0.01;

export const LandedCostSchema = z.object({
  id: z.string(),
  purchaseOrderId: z.string(),
  description: z.string(),
  amount: z.number(),
  allocationMethod: z.enum(ALLOCATION_METHODS),
  invoiceId: z.string().nullable(),
  /** One per purchase-order line; empty until allocated. */
  allocations: z.array(AllocationSchema),
  allocatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LandedCost = z.infer<typeof LandedCostSchema>;

const summaryAmounts = {
  /** Received value: received quantity × the line's unit cost. */
  baseCost: z.number(),
  landedCost: z.number(),
  /** Of the landed cost, the part on units still on hand and the part on units already sold. */
  landedCostOnHand: z.number(),
  landedCostSold: z.number(),
  /** Cost variances of the live standard invoices matched to the line. */
  invoiceVariance: z.number(),
  totalCost: z.number(),
};

export const LandedCostSummarySchema = z.object({
  purchaseOrderId: z.string(),
  orderNumber: z.string(),
  lines: z.array(
    z.object({
      purchaseOrderLineId: z.string(),
      variantId: z.string(),
      sku: z.string().nullable(),
      receivedQuantity: z.number(),
      /** Of the received units, how many are still on hand: inventory's split, by the line's cost layers. */
      onHandQuantity: z.number(),
      soldQuantity: z.number(),
      unitCost: z.number(),
      ...summaryAmounts,
      /** (base + landed + variances) / received quantity; null when nothing was received. */
      perUnitLandedCost: z.number().nullable(),
    }),
  ),
  totals: z.object({ receivedQuantity: z.number(), ...summaryAmounts }),
});
export type LandedCostSummary = z.infer<typeof LandedCostSummarySchema>;
