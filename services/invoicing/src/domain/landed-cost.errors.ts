import type { ErrorDetail } from '@stockyard/contracts';
import { errors } from './errors';

/** An error's message and its one detail, naming the field it is about: `errors.<code>(...onField(...))`. */
const onField = (field: string, code: string, message: string): [string, ErrorDetail[]] => [
  message,
  [{ field, code, message }],
];

export const manualNotAllocated = () =>
  errors.allocation_method_manual(
    ...onField(
      'allocationMethod',
      'allocation_method_manual',
      'A MANUAL landed cost is not allocated by the service: ' +
        'set its allocations with PUT /landed-costs/{id}/allocations',
    ),
  );
export const allocationsSumMismatch = (sum: number, amount: number) =>
  errors.allocations_sum_mismatch(
    ...onField(
      'allocations',
      'allocations_sum_mismatch',
      `The allocations sum to ${sum}, not the amount ${amount} (±0.01)`,
    ),
  );
export const invoiceNotOnOrder = (invoiceId: string) =>
  errors.invoice_not_on_purchase_order(
    ...onField(
      'invoiceId',
      'invoice_not_on_purchase_order',
      `Invoice ${invoiceId} is not an invoice of this purchase order`,
    ),
  );
