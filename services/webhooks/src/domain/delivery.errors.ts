import { notFound } from '@stockyard/service-kit';

/** A delivery's error codes; an illegal status step is the state table's `delivery_not_failed`. */
export const deliveryNotFound = () => notFound('webhook delivery');
