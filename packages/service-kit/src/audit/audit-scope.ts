import type { AuditActor, AuditRequest } from '@stockyard/contracts';
import { workSlot } from '../work-slot';

/**
 * Who is changing things right now, and in which request: set by the kit where work enters a
 * service (a bound route, an internal route, a consumer, a periodic pass) and read by the store
 * when it records a change. Work outside any scope is the service's own (a start-up migration).
 */
export interface AuditScope {
  actor: AuditActor;
  request: AuditRequest | null;
  /** The status the request answers when it succeeds (the route's). */
  status: number | null;
}

const scopes = workSlot<AuditScope>('audit scope');

export const systemActor = (job: string): AuditActor => ({
  kind: 'system',
  keyId: null,
  name: null,
  role: null,
  type: null,
  job,
});

/** Work no entry point scoped: the service's own (a start-up migration, a test's direct call). */
const UNSCOPED: AuditScope = { actor: systemActor('service'), request: null, status: null };

/** The scope of the work in progress. */
export const auditScope = (): AuditScope => scopes.getStore() ?? UNSCOPED;

/** The actor of the work in progress, if a scope was set (a peer call forwards it). */
export const currentActor = (): AuditActor | undefined => scopes.getStore()?.actor;

export const inAuditScope = <T>(scope: AuditScope, work: () => T): T => scopes.run(scope, work);

/** Runs a system job's work (a sweep, a feed poll, a consumer): its changes name the job. */
export const asSystem = <T>(job: string, work: () => T): T =>
  scopes.run({ actor: systemActor(job), request: null, status: null }, work);
