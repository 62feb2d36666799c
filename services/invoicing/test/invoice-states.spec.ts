import { AppError } from '@stockyard/service-kit';
import { walkStateTable, type StepOutcome } from '@stockyard/testkit';
import type { Invoice } from '../src/domain/invoice';
import { addInvoiceLine, matchInvoiceLine } from '../src/domain/invoice-lines';
import { initialStatus, invoiceStates, type InvoiceTrigger, type InvoiceWorkflow } from '../src/domain/invoice-states';
import {
  approveInvoice,
  disputeInvoice,
  markInvoicePaid,
  reconcileInvoice,
  reopenInvoice,
  submitInvoice,
  trashInvoice,
  unreconcileInvoice,
} from '../src/domain/invoice-workflow';
import { updateInvoice } from '../src/domain/update-invoice';
import { aContext, aLine, anInvoice, NOW, SETTINGS } from './support/builders';

/** Each trigger through the real rule, in a workflow. */
const fire = (workflow: InvoiceWorkflow): Record<InvoiceTrigger, (inv: Invoice) => Invoice> => {
  const settings = { ...SETTINGS, workflow };
  return {
    update: (inv) => updateInvoice(inv, { notes: 'checked' }, () => 'chg_1').state!,
    edit_lines: (inv) => addInvoiceLine(inv, aLine(), aContext()).state!,
    delete: (inv) => trashInvoice(inv, NOW).state!,
    match: (inv) => matchInvoiceLine(inv, inv.lines[0]!.id, 'pol_1', aContext()).state!,
    submit: (inv) => submitInvoice(inv, NOW).state!,
    approve: (inv) => approveInvoice(inv, settings, NOW).state!,
    dispute: (inv) => disputeInvoice(inv, 'wrong price', NOW).state!,
    reopen: (inv) => reopenInvoice(inv, settings, NOW).state!,
    mark_paid: (inv) => markInvoicePaid(inv, {}, settings, NOW).state!,
    reconcile: (inv) => reconcileInvoice(inv, settings, NOW).state!,
  };
};

describe('the invoice state table', () => {
  it.each(['simple', 'advanced'] as const)('is what every rule follows in the %s workflow', async (workflow) => {
    const table = invoiceStates(workflow);
    const rules = fire(workflow);
    const walked = await walkStateTable(table, (from, trigger): StepOutcome<Invoice['status']> => {
      try {
        return { status: rules[trigger](anInvoice({ status: from })).status };
      } catch (err) {
        if (err instanceof AppError) return { code: err.code };
        throw err;
      }
    });
    expect(walked).toHaveLength(6 * table.triggers.length);
  });

  it('follows the spec: the statuses each step is allowed from, and reopen by workflow', () => {
    const table = invoiceStates('simple');
    expect(table.from('approve').sort()).toEqual(['DISPUTED', 'DRAFT', 'PENDING']);
    expect(table.from('dispute').sort()).toEqual(['DRAFT', 'OUTSTANDING', 'PENDING']);
    expect(table.from('mark_paid').sort()).toEqual(['APPROVED', 'OUTSTANDING']);
    expect(table.from('reconcile').sort()).toEqual(['APPROVED', 'OUTSTANDING', 'PAID']);
    expect(table.from('submit')).toEqual(['DRAFT']);
    for (const edit of ['update', 'edit_lines', 'delete'] as const) expect(table.from(edit)).toEqual(['DRAFT']);
    expect(invoiceStates('simple').next('DISPUTED', 'reopen')).toBe('OUTSTANDING');
    expect(invoiceStates('advanced').next('DISPUTED', 'reopen')).toBe('DRAFT');
    expect([initialStatus('simple', false), initialStatus('advanced', false)]).toEqual(['OUTSTANDING', 'DRAFT']);
    expect([initialStatus('simple', true), initialStatus('advanced', true)]).toEqual(['PAID', 'PAID']);
  });

  it('appends a dispute reason to the notes on a line of its own', () => {
    const once = disputeInvoice(anInvoice({ notes: 'Received damaged' }), 'price 2.60, not 2.50', NOW).state!;
    expect(once.notes).toBe('Received damaged\nDisputed 2026-11-26: price 2.60, not 2.50');
    expect(disputeInvoice(anInvoice(), undefined, NOW).state!.notes).toBeNull();
  });

  it('sets and clears the reconciled overlay without touching the status; unreconcile needs it set', () => {
    const paid = anInvoice({ status: 'PAID' });
    const reconciled = reconcileInvoice(paid, SETTINGS, NOW).state!;
    expect(reconciled).toMatchObject({ status: 'PAID', reconciled: true, reconciledAt: NOW });
    expect(reconcileInvoice(reconciled, SETTINGS, NOW).state).toBeUndefined();
    expect(unreconcileInvoice(reconciled).state).toMatchObject({ status: 'PAID', reconciled: false });
    expect(() => unreconcileInvoice(paid)).toThrow(expect.objectContaining({ code: 'invoice_not_reconciled' }));
  });

  it('refuses every change of a trashed invoice but restore with invoice_trashed', () => {
    const trashed = anInvoice({ status: 'DRAFT', deletedAt: NOW });
    for (const rule of Object.entries(fire('advanced')).filter(([t]) => t !== 'delete')) {
      expect(() => rule[1](trashed)).toThrow(expect.objectContaining({ code: 'invoice_trashed' }));
    }
  });

  it('releases the accounting push once: payable with on_approve, reconciled with on_reconcile', () => {
    const approve = { ...SETTINGS, workflow: 'advanced' as const, accountingPush: 'on_approve' as const };
    const approved = approveInvoice(anInvoice({ status: 'PENDING' }), approve, NOW);
    expect(approved.state!.accountingPushedAt).toEqual(NOW);
    expect(approved.events!.map((e) => e.name)).toEqual(['invoice.accounting_push_released']);
    expect(markInvoicePaid(approved.state!, {}, approve, NOW).events).toEqual([]);
    const onReconcile = { ...SETTINGS, accountingPush: 'on_reconcile' as const };
    const reconciled = reconcileInvoice(anInvoice(), onReconcile, NOW);
    expect(reconciled.events!.map((e) => e.payload.trigger)).toEqual(['on_reconcile']);
    const again = reconcileInvoice(unreconcileInvoice(reconciled.state!).state!, onReconcile, NOW);
    expect(again.events).toEqual([]);
    expect(reconcileInvoice(anInvoice(), SETTINGS, NOW).events).toEqual([]);
  });
});
