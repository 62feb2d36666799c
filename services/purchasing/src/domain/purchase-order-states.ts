import { stateTable } from '@stockyard/service-kit';

/**
 * The purchase order's state machine (issue #24). Besides the status changes, the table
 * says in which statuses an edit may happen (a trigger that leads back to its own status):
 * header updates, line edits, hold links, tracking, soft delete. `close` short-closes a
 * partially received order (ERPNext's and Odoo's "close": the rest is no longer awaited); `reopen` awaits
 * the rest again (a close made too early). A receipt is `receive_part`
 * while some line is still short after it, `receive_all` once every line is fully received.
 * `email` (the order to the supplier) in any status but CANCELLED; `follow_up` while goods are awaited.
 */
export const purchaseOrderStates = stateTable('Purchase order', {
  DRAFT: {
    submit: 'SUBMITTED',
    cancel: 'CANCELLED',
    update: 'DRAFT',
    edit_lines: 'DRAFT',
    link_holds: 'DRAFT',
    delete: 'DRAFT',
    email: 'DRAFT',
    follow_up: 'DRAFT',
  },
  SUBMITTED: {
    receive_part: 'PARTIALLY_RECEIVED',
    receive_all: 'RECEIVED',
    cancel: 'CANCELLED',
    update: 'SUBMITTED',
    edit_lines: 'SUBMITTED',
    link_holds: 'SUBMITTED',
    track: 'SUBMITTED',
    email: 'SUBMITTED',
    follow_up: 'SUBMITTED',
  },
  PARTIALLY_RECEIVED: {
    receive_part: 'PARTIALLY_RECEIVED',
    receive_all: 'RECEIVED',
    close: 'CLOSED',
    update: 'PARTIALLY_RECEIVED',
    link_holds: 'PARTIALLY_RECEIVED',
    track: 'PARTIALLY_RECEIVED',
    email: 'PARTIALLY_RECEIVED',
    follow_up: 'PARTIALLY_RECEIVED',
  },
  RECEIVED: { track: 'RECEIVED', email: 'RECEIVED' },
  CANCELLED: { delete: 'CANCELLED' },
  CLOSED: { reopen: 'PARTIALLY_RECEIVED', track: 'CLOSED', email: 'CLOSED' },
});
export type PurchaseOrderTrigger = (typeof purchaseOrderStates.triggers)[number];
