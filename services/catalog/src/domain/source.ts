import type { CreateSource, Source, UpdateSource } from '@stockyard/contracts';
import { newId, type Aggregate } from '@stockyard/service-kit';
import { sourceDeleted } from './source.errors';

/** A supplier's channel: who to send purchase orders to, in which currency, how long they take. */
export interface SourceState extends Aggregate {
  id: string;
  name: string;
  email: string | null;
  contactName: string | null;
  phone: string | null;
  address: string | null;
  currency: string;
  leadTimeDays: number | null;
  /** Invoices of this supplier are due this many days after their date (invoicing). */
  paymentTermsDays: number | null;
  active: boolean;
  deletedAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

const DEFAULT_CURRENCY = 'USD';

export const newSource = (orgId: string, input: CreateSource): Omit<SourceState, 'version'> => ({
  id: newId('src'),
  orgId,
  name: input.name,
  email: input.email ?? null,
  contactName: input.contactName ?? null,
  phone: input.phone ?? null,
  address: input.address ?? null,
  currency: input.currency ?? DEFAULT_CURRENCY,
  leadTimeDays: input.leadTimeDays ?? null,
  paymentTermsDays: input.paymentTermsDays ?? null,
  active: input.active ?? true,
  deletedAt: null,
});

export function updateSource(source: SourceState, patch: UpdateSource): SourceState {
  assertSourceWritable(source);
  const next = { ...source } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) if (value !== undefined && next[key] !== value) next[key] = value;
  return next as unknown as SourceState;
}

/** Soft delete: the record and its SKUs stay readable (purchase orders and invoices name them). */
export const deleteSource = (source: SourceState, now: Date): SourceState =>
  source.deletedAt ? source : { ...source, active: false, deletedAt: now };

/** SKU writes and imports need a live source. */
export function assertSourceWritable(source: SourceState): void {
  if (source.deletedAt) throw sourceDeleted();
}

export const sourceView = (s: SourceState): Source => ({
  id: s.id,
  name: s.name,
  email: s.email,
  contactName: s.contactName,
  phone: s.phone,
  address: s.address,
  currency: s.currency,
  leadTimeDays: s.leadTimeDays,
  // Sources stored before payment terms existed have none.
  paymentTermsDays: s.paymentTermsDays ?? null,
  active: s.active,
  createdAt: (s.createdAt ?? new Date(0)).toISOString(),
  updatedAt: (s.updatedAt ?? new Date(0)).toISOString(),
  deletedAt: s.deletedAt ? s.deletedAt.toISOString() : null,
});
