import type { TypedEvent } from '@stockyard/contracts';
import type { BundleAvailability } from '../../commands/bundle-availability';

export const BUNDLE_EVENTS = ['bundle.components_changed', 'inventory.availability_changed'] as const;

/**
 * Bundle availability: a bundle's composition from the catalog, or a component's
 * availability from this service's own events, moves the bundles concerned.
 */
export const bundleAvailabilityHandler =
  (bundles: BundleAvailability) =>
  async (event: TypedEvent<(typeof BUNDLE_EVENTS)[number]>): Promise<void> => {
    if (event.name === 'bundle.components_changed') return bundles.compositionChanged(event.payload);
    return bundles.componentChanged(event.payload.orgId, event.payload.variantId);
  };
