import type { AuditRecordedPayload, AuditResource, EventEnvelope } from '@stockyard/contracts';
import { builtEvent } from '../events/outbox';
import type { Aggregate, Decision } from '../store/decision';
import { auditScope } from './audit-scope';
import { fieldChanges } from './field-changes';

/** How a store records its aggregate's changes in the audit trail (`false`: it does not). */
export interface AuditOption<S = never> {
  /** The resource's type in the trail (`purchase_order`); by default the store's name, snake-cased. */
  type?: string;
  /** Fields that hold secrets beyond the names every store redacts (field-changes.ts). */
  secretFields?: readonly string[];
  /**
   * Top-level fields that are bookkeeping, not anyone's change (a move in flight, a counter of
   * moves): not recorded, and a write that changes only these records nothing.
   */
  ignoredFields?: readonly string[];
  /** The resource's id in the trail, for a state without an `id` of its own (a stock level). */
  idOf?: (state: S) => string;
}

/** `Purchase order` → `purchase_order`. */
const snake = (name: string) =>
  name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/**
 * An aggregate's changes as `audit.recorded` events, one per write (one for all the aggregates a
 * `createAll` makes), added to the write's own events so they leave through the outbox with it:
 * a change is never kept without its record, nor recorded without being made. The actor and
 * request are the work's scope (audit-scope.ts).
 */
export class AuditTrail<S extends Aggregate> {
  private readonly type: string;
  private readonly ignored: ReadonlySet<string>;

  constructor(
    name: string,
    private readonly option: AuditOption<S> = {},
  ) {
    this.type = option.type ?? snake(name);
    this.ignored = new Set(option.ignoredFields);
  }

  /** The record of a write from `before` (null: a create) to `after`, or none when no field moved. */
  eventFor(before: S | null, after: S, fallbackId?: string): EventEnvelope | undefined {
    const resource = this.resourceFor(before, after, fallbackId);
    return resource && this.record(after.orgId, [resource]);
  }

  /** What a write from `before` (null: a create) to `after` did to the aggregate, or none when no field moved. */
  resourceFor(before: S | null, after: S, fallbackId?: string): AuditResource | undefined {
    const id = this.option.idOf?.(after) ?? (after as { id?: string }).id ?? fallbackId ?? '';
    const fields = fieldChanges(before, after, this.option.secretFields, this.ignored);
    if (Object.keys(fields).length === 0) return undefined;
    return { type: this.type, id, action: before ? 'changed' : 'created', fields };
  }

  /** The record of a removal: each field the aggregate held, before, and null after. */
  eventForRemoval(before: S, fallbackId: string): EventEnvelope {
    const id = this.option.idOf?.(before) ?? (before as { id?: string }).id ?? fallbackId;
    const fields = fieldChanges(before, {}, this.option.secretFields, this.ignored);
    return this.record(before.orgId, [{ type: this.type, id, action: 'deleted', fields }]);
  }

  /** One record of what one request (or job) did to several aggregates of the organization at once. */
  record(orgId: string, resources: AuditResource[]): EventEnvelope {
    const { actor, request, status } = auditScope();
    const payload: AuditRecordedPayload = {
      orgId,
      at: new Date().toISOString(),
      actor,
      request,
      status,
      errorCode: null,
      resources,
    };
    return builtEvent('audit.recorded', payload);
  }

  /** `decide` with the record added to each decision that writes a new state. */
  deciding<R>(decide: (current: S) => Decision<S, R>, id?: string): (current: S) => Decision<S, R>;
  deciding<R>(
    decide: (current: S) => Promise<Decision<S, R>> | Decision<S, R>,
    id?: string,
  ): (current: S) => Promise<Decision<S, R>> | Decision<S, R>;
  deciding<R>(decide: (current: S) => Promise<Decision<S, R>> | Decision<S, R>, id?: string) {
    const withRecord = (current: S, decision: Decision<S, R>): Decision<S, R> => {
      if (!decision.state || decision.state === current) return decision;
      const record = this.eventFor(current, decision.state, id);
      return record ? { ...decision, events: [...(decision.events ?? []), record] } : decision;
    };
    return (current: S) => {
      const decision = decide(current);
      return decision instanceof Promise ? decision.then((d) => withRecord(current, d)) : withRecord(current, decision);
    };
  }
}
