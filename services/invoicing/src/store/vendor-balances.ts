import type { EventEnvelope } from '@stockyard/contracts';
import { AggregateStore, stateOf, type Projection } from '@stockyard/service-kit';
import { Schema, type Connection } from 'mongoose';
import { z } from 'zod';
import type { Invoice } from '../domain/invoice';
import { BALANCE_CHANGED } from '../domain/invoice-search';
import { packBalance, unpackBalance, type StoredBalance } from '../domain/balance-codec';
import {
  applyBalanceChange,
  contributionOf,
  emptyBalance,
  sameContribution,
  type BalanceChange,
  type VendorBalance,
} from '../domain/vendor-balance';

const balanceSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    channelId: { type: String, required: true },
    vendorName: { type: String, default: '' },
    rows: { type: String, default: '' },
    open: { type: String, default: '' },
    applied: { type: String, default: '' },
    version: { type: Number, default: 1 },
    createdAt: { type: Date },
    updatedAt: { type: Date },
  },
  { collection: 'vendor_balances', versionKey: false },
);
/** The organization's balances, one per vendor: what the stats and the aging read. */
balanceSchema.index({ orgId: 1, channelId: 1 });

export const vendorBalanceModel = (connection: Connection) => connection.model('VendorBalance', balanceSchema);

const ContributionSchema = z
  .object({
    channelId: z.string(),
    vendorName: z.string(),
    status: z.string(),
    invoiceType: z.string(),
    dueDate: z.string(),
    cents: z.number().int(),
  })
  .nullable();
const ChangeSchema = z.object({ invoiceId: z.string(), before: ContributionSchema, after: ContributionSchema });

/**
 * The vendors' running balances (domain/vendor-balance.ts), a projection of the invoice store:
 * each invoice write whose contribution moves carries a local `invoice.balance_changed` with the
 * old and new contribution, applied once per event id (the balance remembers the last ids it
 * applied, so the relay's copy after a crash is not counted twice).
 */
export class VendorBalances implements Projection<Invoice> {
  readonly event = BALANCE_CHANGED;
  private readonly model: ReturnType<typeof vendorBalanceModel>;
  private readonly balances: AggregateStore<StoredBalance>;

  constructor(connection: Connection) {
    this.model = vendorBalanceModel(connection);
    this.balances = new AggregateStore<StoredBalance>(this.model, undefined, {
      name: 'Vendor balance',
      documentId: (orgId, channelId) => `${orgId}:${channelId}`,
      initial: (orgId, channelId) => packBalance(emptyBalance(orgId, channelId)),
      remember: 1_000,
    });
  }

  /** The balance update a change needs, none when the invoice's contribution stays. */
  updatesFor(before: Invoice | null, after: Invoice): Record<string, unknown>[] {
    const change: BalanceChange = {
      invoiceId: after.id,
      before: before && contributionOf(before),
      after: contributionOf(after),
    };
    return sameContribution(change.before, change.after) ? [] : [{ ...change }];
  }

  /** The changes, each vendor's in one decision, the vendors of an organization in one batched change. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    const byOrg = new Map<string, Map<string, { id: string; change: BalanceChange }[]>>();
    for (const event of updates) {
      const change = ChangeSchema.parse(event.payload) as BalanceChange;
      const channelId = (change.after ?? change.before)!.channelId;
      const vendors = byOrg.get(event.orgId) ?? new Map<string, { id: string; change: BalanceChange }[]>();
      vendors.set(channelId, [...(vendors.get(channelId) ?? []), { id: event.id, change }]);
      byOrg.set(event.orgId, vendors);
    }
    for (const [orgId, vendors] of byOrg) {
      const outcomes = await this.balances.changeMany(orgId, [...vendors.keys()], (stored) => {
        const start = unpackBalance(stored);
        const balance = vendors
          .get(stored.channelId)!
          .reduce((b, { id, change }) => applyBalanceChange(b, id, change).state ?? b, start);
        return balance === start ? {} : { state: packBalance(balance) };
      });
      for (const outcome of outcomes.values()) if (!outcome.ok) throw outcome.error;
    }
  }

  /** The organization's balances, one per vendor it has invoices of. */
  async all(orgId: string, channelId?: string): Promise<VendorBalance[]> {
    const docs = await this.model.find(channelId ? { orgId, channelId } : { orgId }).lean();
    return docs.map((d) => unpackBalance(stateOf<StoredBalance>(d)));
  }
}
