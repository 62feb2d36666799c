import type { InvoiceStatus } from '@stockyard/contracts';
import { stateTable } from '@stockyard/service-kit';
import { type Transitions } from '@stockyard/service-kit/store';

type Workflow = 'simple' | 'advanced';
type Trigger =
  | 'update'
  | 'edit_lines'
  | 'delete'
  | 'match'
  | 'submit'
  | 'approve'
  | 'dispute'
  | 'reopen'
  | 'mark_paid'
  | 'reconcile';

/**
 * The invoice state table (the spec's, every row). Besides the status changes it says where an
 * edit may happen (a trigger leading back to its own status): header updates, line edits and
 * soft delete only in DRAFT; matching lines to the purchase order until the invoice is approved
 * or paid (services/invoicing/README.md); reconcile, an overlay, in OUTSTANDING, APPROVED, PAID.
 * The organization's `invoiceWorkflow` picks one of two tables, which differ only in reopen's
 * target (DISPUTED → OUTSTANDING in the simple workflow, → DRAFT in the advanced one).
 */
const rows = (reopenTo: InvoiceStatus): Transitions<InvoiceStatus, Trigger> => ({
  DRAFT: {
    update: 'DRAFT',
    edit_lines: 'DRAFT',
    delete: 'DRAFT',
    match: 'DRAFT',
    submit: 'PENDING',
    approve: 'APPROVED',
    dispute: 'DISPUTED',
  },
  PENDING: { match: 'PENDING', approve: 'APPROVED', dispute: 'DISPUTED' },
  OUTSTANDING: { match: 'OUTSTANDING', dispute: 'DISPUTED', mark_paid: 'PAID', reconcile: 'OUTSTANDING' },
  APPROVED: { mark_paid: 'PAID', reconcile: 'APPROVED' },
  DISPUTED: { match: 'DISPUTED', approve: 'APPROVED', reopen: reopenTo },
  PAID: { reconcile: 'PAID' },
});

const TABLES = {
  simple: stateTable('Invoice', rows('OUTSTANDING')),
  advanced: stateTable('Invoice', rows('DRAFT')),
};

/** The table of a workflow. */
export const invoiceStates = (workflow: Workflow) => TABLES[workflow];

/** For every trigger but reopen the two tables agree. */
export const invoiceTable = TABLES.simple;
export type InvoiceTrigger = Trigger;
export type InvoiceWorkflow = Workflow;

/** The status a new invoice starts in: the workflow's, or PAID when `markAsPaid` is set. */
export const initialStatus = (workflow: Workflow, markAsPaid: boolean): InvoiceStatus =>
  markAsPaid ? 'PAID' : workflow === 'simple' ? 'OUTSTANDING' : 'DRAFT';
