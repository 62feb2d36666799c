import { errors } from './errors';

export const unknownVariants = (variantIds: string[]) =>
  errors.variant_not_found(
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field: 'variantId', code: 'variant_not_found', message: `variant ${id} not found` })),
  );
export const preferredNeedsVariant = () =>
  errors.preferred_requires_variant('Only an offer linked to a variant can be preferred');
