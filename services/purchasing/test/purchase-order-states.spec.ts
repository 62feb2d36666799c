import { AppError } from '@stockyard/service-kit';
import { walkStateTable, type StepOutcome } from '@stockyard/testkit';
import { addLines } from '../src/domain/order-lines';
import { addTracking, linkHolds } from '../src/domain/order-extras';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  reopenPurchaseOrder,
  submitPurchaseOrder,
  trashPurchaseOrder,
} from '../src/domain/order-lifecycle';
import type { PurchaseOrder } from '../src/domain/purchase-order';
import { purchaseOrderStates, type PurchaseOrderTrigger } from '../src/domain/purchase-order-states';
import { applyReceipt, recordReceipt } from '../src/domain/receive-line';
import { updatePurchaseOrder } from '../src/domain/update-purchase-order';
import { composeFollowUp, composeOrderEmail } from '../src/domain/order-messages';
import { aLine, anOrder, NOW } from './support/builders';

const receive = (po: PurchaseOrder, quantity: number) => {
  const lineId = po.lines[0]!.id;
  const recorded = recordReceipt(po, lineId, { quantity, receiptId: 'rcp_1', requestKey: null }, NOW).state!;
  return applyReceipt(recorded, 'rcp_1', NOW).state!;
};

const SUPPLIER = { name: 'Acme', email: 'orders@acme.test', contactName: null };

/** Each trigger through the real rule. */
const FIRE: Record<PurchaseOrderTrigger, (po: PurchaseOrder) => PurchaseOrder> = {
  submit: (po) => submitPurchaseOrder(po, NOW).state!,
  cancel: (po) => cancelPurchaseOrder(po, NOW).state!,
  close: (po) => closePurchaseOrder(po, NOW).state!,
  reopen: (po) => reopenPurchaseOrder(po).state!,
  update: (po) => updatePurchaseOrder(po, { notes: 'call first' }).state!,
  edit_lines: (po) => addLines(po, [aLine()]).state!,
  link_holds: (po) => {
    const hold = { id: 'res_1', orderId: 'ord_1', variantId: 'var_1', quantity: 1, status: 'PENDING', open: true };
    return linkHolds(po, po.lines[0]!.id, ['res_1'], [hold]).state!;
  },
  delete: (po) => trashPurchaseOrder(po, NOW).state!,
  track: (po) => addTracking(po, 'trk_1', { carrier: 'DHL', trackingNumber: '123' }, NOW).state!,
  receive_part: (po) => receive(po, 1),
  receive_all: (po) => receive(po, 3),
  // Sending changes no status: the rule refuses or composes the message.
  email: (po) => (composeOrderEmail(po, SUPPLIER, {}, 'msg_1', NOW), po),
  follow_up: (po) => (composeFollowUp(po, SUPPLIER, {}, 'msg_1', NOW), po),
};

describe('the purchase order state table', () => {
  it('is what every rule follows, for every status and trigger', async () => {
    const walked = await walkStateTable(purchaseOrderStates, (from, trigger): StepOutcome<PurchaseOrder['status']> => {
      try {
        return { status: FIRE[trigger](anOrder({ status: from })).status };
      } catch (err) {
        if (err instanceof AppError) return { code: err.code };
        throw err;
      }
    });
    expect(walked).toHaveLength(purchaseOrderStates.statuses.length * purchaseOrderStates.triggers.length);
  });

  it('follows the issue: received only from SUBMITTED or PARTIALLY_RECEIVED, cancel only before receiving', () => {
    expect(purchaseOrderStates.from('receive_all').sort()).toEqual(['PARTIALLY_RECEIVED', 'SUBMITTED']);
    expect(purchaseOrderStates.from('cancel').sort()).toEqual(['DRAFT', 'SUBMITTED']);
    expect(purchaseOrderStates.from('submit')).toEqual(['DRAFT']);
  });
});
