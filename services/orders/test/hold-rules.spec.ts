import { RESERVATION_STATUSES, type ReservationStatus } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { walkStateTable, type StepOutcome } from '@stockyard/testkit';
import { completeness } from '../src/domain/hold-completeness';
import {
  allocateHold,
  cancelHold,
  commitHold,
  deallocateHold,
  restoreAndCommit,
  topUp,
  topUpOrder,
} from '../src/domain/hold-plans';
import { saleOf } from '../src/domain/hold-sale';
import { holdStates } from '../src/domain/hold-states';
import type { Hold } from '../src/domain/hold';
import { aHold, aLine, anOrder } from './support/builders';

const outcome = (run: () => { status: ReservationStatus }): StepOutcome<ReservationStatus> => {
  try {
    return { status: run().status };
  } catch (err) {
    if (err instanceof AppError) return { code: err.code };
    throw err;
  }
};

const sale = { orderId: 'ord_1', channelId: 'ch_1', unitPrice: 2.5 };

describe('the hold lifecycle', () => {
  it('every status and trigger goes through the plans the routes use, as the table says', async () => {
    const steps = {
      allocate: (h: Hold) => allocateHold(h, 'src_1'),
      deallocate: deallocateHold,
      commit: (h: Hold) => commitHold(h, true, sale).state,
      cancel: (h: Hold) => cancelHold(h).state,
      restore: (h: Hold) => restoreAndCommit(h, sale).state,
    };
    const walked = await walkStateTable(holdStates, (from, trigger) =>
      outcome(() => {
        const after = steps[trigger](aHold({ status: from }));
        // restore-and-fulfil goes on to COMMITTED: the table's step is the restore itself.
        return trigger === 'restore' ? { status: holdStates.next(from, 'restore') } : after;
      }),
    );
    expect(walked.length).toBe(RESERVATION_STATUSES.length * holdStates.triggers.length);
  });

  it('keys: a top-up per call (<id>:<n>), a release per call, one deduct per hold', () => {
    expect(topUp(aHold({ reservedQuantity: 1, reserves: 2 }), 2)!.move).toMatchObject({
      kind: 'reserve',
      operationKey: 'res_1:3',
      quantity: 2,
    });
    expect(cancelHold(aHold()).move).toMatchObject({ kind: 'release', operationKey: 'res_1:release:1', quantity: 3 });
    expect(cancelHold(aHold({ reservedQuantity: 0 })).move).toBeNull();
    expect(commitHold(aHold(), true, sale).move).toMatchObject({
      operationKey: 'res_1:deduct',
      fromReserved: true,
      sale,
    });
    expect(restoreAndCommit(aHold({ status: 'CANCELLED', reservedQuantity: 0 }), sale).move).toMatchObject({
      fromReserved: false,
      undo: 'CANCELLED',
    });
    expect(topUp(aHold({ kitLevel: true }), 1)).toBeUndefined();
    expect(topUp(aHold({ warehouseId: null }), 1)).toBeUndefined();
  });

  it('a deduct sells at its line’s price on the order’s channel; a kit component, a line of no price: null', () => {
    const order = anOrder({ lines: [aLine(), aLine({ id: 'oln_2', unitPrice: null })] });
    expect(saleOf(order, aHold())).toEqual({ orderId: 'ord_1', channelId: 'ch_1', unitPrice: 2.5 });
    expect(saleOf(order, aHold({ lineId: 'oln_2' })).unitPrice).toBeNull();
    expect(saleOf(order, aHold({ kitParentLineId: 'oln_1' })).unitPrice).toBeNull();
  });

  it('top-ups serve holds linked to a purchase-order line first, then the oldest', () => {
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    const holds = [
      aHold({ id: 'res_new', createdAt: at(3) }),
      aHold({ id: 'res_linked_new', createdAt: at(4), purchaseOrderLineId: 'pol_1' }),
      aHold({ id: 'res_old', createdAt: at(1) }),
      aHold({ id: 'res_linked_old', createdAt: at(2), purchaseOrderLineId: 'pol_2' }),
    ];
    expect(topUpOrder(holds).map((h) => h.id)).toEqual(['res_linked_old', 'res_linked_new', 'res_old', 'res_new']);
  });

  it('completeness: every linked unshipped line held; a kit line wants its leaves, not a kit-level hold', () => {
    const plain = aLine({ id: 'oln_1', variantId: 'var_1', quantity: 3 });
    const kit = aLine({ id: 'oln_2', variantId: 'kit_1', quantity: 2, productType: 'BUNDLE' });
    const order = anOrder({ status: 'PROCESSING', lines: [plain, kit] });
    const leaves = new Map([
      [
        'kit_1',
        [
          { variantId: 'var_1', quantity: 1 },
          { variantId: 'var_2', quantity: 2 },
        ],
      ],
    ]);
    const kitLevel = aHold({ id: 'res_2', lineId: 'oln_2', variantId: 'kit_1', kitLevel: true, quantity: 2 });
    expect(completeness(order, [aHold(), kitLevel], leaves).missing).toEqual([
      { lineId: 'oln_2', variantId: 'var_1', quantity: 2 },
      { lineId: 'oln_2', variantId: 'var_2', quantity: 4 },
    ]);
    const leafA = aHold({ id: 'res_2.var_1', lineId: 'oln_2', kitParentLineId: 'oln_2', quantity: 2 });
    const leafB = aHold({
      id: 'res_2.var_2',
      lineId: 'oln_2',
      variantId: 'var_2',
      kitParentLineId: 'oln_2',
      quantity: 4,
    });
    expect(completeness(order, [aHold(), leafA, leafB], leaves).complete).toBe(true);
    expect(completeness(order, [aHold({ status: 'CANCELLED' }), leafA, leafB], leaves).complete).toBe(false);
    expect(completeness({ ...order, status: 'SHIPPED' }, [], leaves).complete).toBe(true);
  });
});
