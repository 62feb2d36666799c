import { isOpen, type Hold } from './hold';
import type { LeavesOf } from './hold-completeness';

/** Available stock by variant and warehouse (`<variantId> <warehouseId>`). */
type Availability = Map<string, number>;
export const availabilityKey = (variantId: string, warehouseId: string) => `${variantId} ${warehouseId}`;

/**
 * How many of an open kit-level hold's kits its leaves cannot cover in its warehouse now: the kits
 * its scarcest leaf allows (available ÷ per kit, whole kits) against the kits held. A kit hold
 * reserves nothing, so this is what expand-kits would find short, each kit hold judged alone.
 * Undefined for a hold that is not an open kit-level hold in a warehouse, or a kit without leaves.
 */
export function kitShortOf(hold: Hold, leavesOf: LeavesOf, available: Availability): number | undefined {
  if (!hold.kitLevel || !isOpen(hold) || !hold.warehouseId) return undefined;
  const leaves = leavesOf.get(hold.variantId) ?? [];
  if (leaves.length === 0) return undefined;
  const kits = Math.min(
    ...leaves.map((l) =>
      Math.floor((available.get(availabilityKey(l.variantId, hold.warehouseId!)) ?? 0) / l.quantity),
    ),
  );
  return Math.max(0, hold.quantity - kits);
}
