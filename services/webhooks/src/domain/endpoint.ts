import { newId, randomBase62 } from '@stockyard/service-kit';
import type { CreateWebhookEndpoint, EventName, WebhookEndpoint } from '@stockyard/contracts';

/** An endpoint as the service stores it; the wire shape (contracts) hides orgId and secret. */
export interface Endpoint {
  id: string;
  orgId: string;
  url: string;
  events: EventName[];
  enabled: boolean;
  /** Counts toward the automatic disable rule (a later issue); reset by a success. */
  consecutiveFailures: number;
  secret: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewEndpoint = Omit<Endpoint, 'createdAt' | 'updatedAt'>;

export const newSecret = () => `whsec_${randomBase62(32)}`;

export function newEndpoint(orgId: string, input: CreateWebhookEndpoint): NewEndpoint {
  return {
    id: newId('we'),
    orgId,
    url: input.url,
    events: [...new Set(input.events)],
    enabled: true,
    consecutiveFailures: 0,
    secret: newSecret(),
  };
}

export function toWire(endpoint: Endpoint): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}
