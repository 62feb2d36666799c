import { AppError, unprocessable } from '@stockyard/service-kit';

export const unknownVariants = (variantIds: string[]) =>
  new AppError(
    'unprocessable',
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    'variant_not_found',
    variantIds.map((id) => ({ field: 'variantId', code: 'variant_not_found', message: `variant ${id} not found` })),
  );
export const preferredNeedsVariant = () =>
  unprocessable('Only an offer linked to a variant can be preferred', 'preferred_requires_variant');
