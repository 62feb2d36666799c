import { AppError } from '@stockyard/service-kit';

const rule = (field: string, code: string, message: string) =>
  new AppError('unprocessable', message, code, [{ field, code, message }]);

export const manualNotAllocated = () =>
  rule(
    'allocationMethod',
    'allocation_method_manual',
    'A MANUAL landed cost is not allocated by the service: set its allocations with PUT /landed-costs/{id}/allocations',
  );
export const allocationsSumMismatch = (sum: number, amount: number) =>
  rule('allocations', 'allocations_sum_mismatch', `The allocations sum to ${sum}, not the amount ${amount} (±0.01)`);
export const invoiceNotOnOrder = (invoiceId: string) =>
  rule('invoiceId', 'invoice_not_on_purchase_order', `Invoice ${invoiceId} is not an invoice of this purchase order`);
