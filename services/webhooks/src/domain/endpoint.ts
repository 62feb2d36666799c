import { newId, type Decision } from '@stockyard/service-kit';
import { randomBase62 } from '@stockyard/service-kit/ids';
import type { CreateWebhookEndpoint, EventName, UpdateWebhookEndpoint, WebhookEndpoint } from '@stockyard/contracts';
import type { SealedSecret, SecretBox } from '../secrets/secret-box';

/** An endpoint as the service stores it; the wire shape (contracts) hides orgId and secret. */
export interface Endpoint {
  id: string;
  orgId: string;
  url: string;
  events: EventName[];
  enabled: boolean;
  /** Failed deliveries in a row; DISABLE_AFTER_FAILURES disable the endpoint; a success resets it. */
  consecutiveFailures: number;
  /** When the failure rule disabled it (null when enabled, or disabled by PATCH). */
  disabledAt: Date | null;
  /** Set just before the endpoint is removed: the deletion's audit record (absent until then). */
  deletedAt?: Date | null;
  /** The signing secret, encrypted (secrets/secret-box.ts): opened only to sign an attempt. */
  secret: SealedSecret;
  /** Guards every update (atomic on MongoDB across replicas). */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

type NewEndpoint = Omit<Endpoint, 'createdAt' | 'updatedAt'>;

const DISABLE_AFTER_FAILURES = 5;

const newSecret = () => `whsec_${randomBase62(32)}`;

/** A new endpoint, its new secret sealed (the create answer opens it to show it once). */
export function newEndpoint(orgId: string, input: CreateWebhookEndpoint, secrets: SecretBox): NewEndpoint {
  const id = newId('we');
  return {
    id,
    orgId,
    url: input.url,
    events: [...new Set(input.events)],
    enabled: true,
    consecutiveFailures: 0,
    disabledAt: null,
    secret: secrets.seal(newSecret(), id),
    version: 0,
  };
}

/** A new secret for the endpoint: the change to store (sealed), and the plaintext to show once. */
export function rotatedSecret(endpointId: string, secrets: SecretBox): { change: EndpointChange; secret: string } {
  const secret = newSecret();
  return { change: { secret: secrets.seal(secret, endpointId) }, secret };
}

export function toWire(endpoint: Endpoint): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    consecutiveFailures: endpoint.consecutiveFailures,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

type EndpointChange = Partial<
  Pick<Endpoint, 'url' | 'events' | 'enabled' | 'consecutiveFailures' | 'disabledAt' | 'secret'>
>;

/**
 * A change as the store's decision (none: nothing written). Its result is whether the endpoint
 * was enabled before, so the writer knows when the change disabled it (its pending deliveries stop).
 */
export const endpointDecision = (current: Endpoint, change: EndpointChange | undefined): Decision<Endpoint, boolean> =>
  change ? { state: { ...current, ...change }, result: current.enabled } : { result: current.enabled };

/** PATCH: enabling (again) starts the failure count afresh; disabling by hand is not "auto". */
export function patchChange(input: UpdateWebhookEndpoint): EndpointChange {
  const change: EndpointChange = {};
  if (input.url !== undefined) change.url = input.url;
  if (input.events !== undefined) change.events = [...new Set(input.events)];
  if (input.enabled !== undefined) {
    change.enabled = input.enabled;
    change.disabledAt = null;
    if (input.enabled) change.consecutiveFailures = 0;
  }
  return change;
}

/** A delivery ended: success resets the count, an exhausted one adds to it and may disable. */
export function deliveryEndedChange(endpoint: Endpoint, succeeded: boolean, now: Date): EndpointChange | undefined {
  if (succeeded) return endpoint.consecutiveFailures === 0 ? undefined : { consecutiveFailures: 0 };
  const failures = endpoint.consecutiveFailures + 1;
  if (failures >= DISABLE_AFTER_FAILURES && endpoint.enabled)
    return { consecutiveFailures: failures, enabled: false, disabledAt: now };
  return { consecutiveFailures: failures };
}
