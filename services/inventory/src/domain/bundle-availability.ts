import type { BundleComponentsChanged, ComponentRow, EventEnvelope } from '@stockyard/contracts';
import { newEvent, type Aggregate, type Decision } from '@stockyard/service-kit';

/**
 * A catalog bundle as inventory keeps it (from `bundle.components_changed`): its live
 * variants, its own rows, the leaves they flatten to (nested bundles followed), and the
 * availability last published for its variants.
 */
export interface BundleComposition extends Aggregate {
  productId: string;
  variantIds: string[];
  components: ComponentRow[];
  leaves: ComponentRow[];
  leafIds: string[];
  available: number;
  /** The catalog's `updatedAt` of the composition held: an older event changes nothing. */
  sourceUpdatedAt: string;
}

export const emptyBundle = (orgId: string, productId: string): BundleComposition => ({
  orgId,
  productId,
  variantIds: [],
  components: [],
  leaves: [],
  leafIds: [],
  available: 0,
  sourceUpdatedAt: '',
  version: 0,
});

/** The composition after a catalog event (unchanged when the event is older than what is held). */
export function applyComposition(current: BundleComposition, event: BundleComponentsChanged): BundleComposition {
  if (event.updatedAt <= current.sourceUpdatedAt) return current;
  return { ...current, variantIds: event.variantIds, components: event.components, sourceUpdatedAt: event.updatedAt };
}

/**
 * How many bundles the leaves make: the minimum over leaves of ⌊leaf available / quantity⌋,
 * never below 0 (an oversold component makes none); a bundle without rows makes none.
 */
export function bundleAvailable(leaves: ComponentRow[], availableOf: (variantId: string) => number): number {
  if (leaves.length === 0) return 0;
  const counts = leaves.map((l) => Math.floor((availableOf(l.variantId) * 10_000) / Math.round(l.quantity * 10_000)));
  return Math.max(0, Math.min(...counts));
}

/**
 * The bundle with its leaves and availability; when the number moved, one
 * `inventory.availability_changed` per bundle variant, old and new from this version.
 */
export function withAvailability(
  current: BundleComposition,
  leaves: ComponentRow[],
  available: number,
): Decision<BundleComposition> {
  const sameLeaves = JSON.stringify(leaves) === JSON.stringify(current.leaves);
  if (sameLeaves && available === current.available) return {};
  const next: BundleComposition = {
    ...current,
    ...(sameLeaves ? {} : { leaves, leafIds: leaves.map((l) => l.variantId) }),
    available,
  };
  const events: EventEnvelope[] =
    available === current.available
      ? []
      : current.variantIds.map((variantId) =>
          newEvent('inventory.availability_changed', {
            orgId: current.orgId,
            variantId,
            oldAvailable: current.available,
            newAvailable: available,
          }),
        );
  return { state: next, events };
}
