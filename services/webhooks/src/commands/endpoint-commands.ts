import type { CreateWebhookEndpoint, Page, UpdateWebhookEndpoint } from '@stockyard/contracts';
import type { UrlPolicy } from '@stockyard/service-kit/net';
import type { EndpointCascade } from '../delivery/endpoint-cascade';
import { checkEndpointUrl } from '../domain/endpoint-url';
import { endpointDecision, newEndpoint, patchChange, rotatedSecret, type Endpoint } from '../domain/endpoint';
import { endpointNotFound } from '../domain/endpoint.errors';
import type { SecretBox } from '../secrets/secret-box';
import type { EndpointReads, EndpointStore } from '../store/endpoint.repository';
import type { EndpointWritten } from './endpoint-written';

/** An endpoint with the plaintext of its signing secret: only a create and a rotation show it. */
export interface EndpointWithSecret {
  endpoint: Endpoint;
  secret: string;
}

const found = (endpoint: Endpoint | undefined): Endpoint => {
  if (!endpoint) throw endpointNotFound();
  return endpoint;
};

/** Endpoints: list, create (its URL checked), change, delete (with its deliveries) and a new secret. */
export class EndpointCommands {
  constructor(
    private readonly store: EndpointStore,
    private readonly endpoints: EndpointReads,
    /** What follows each write: the cached enabled endpoints dropped, a disable's hook. */
    private readonly written: EndpointWritten,
    /** Deleting an endpoint and, in passes, its deliveries. */
    private readonly cascade: EndpointCascade,
    private readonly urlPolicy: UrlPolicy,
    /** Seals new and rotated signing secrets. */
    private readonly secrets: SecretBox,
  ) {}

  list(orgId: string, page: Page): Promise<{ items: Endpoint[]; total: number }> {
    return this.endpoints.list(orgId, page);
  }

  async create(orgId: string, input: CreateWebhookEndpoint): Promise<EndpointWithSecret> {
    await checkEndpointUrl(input.url, this.urlPolicy);
    const created = await this.store.create(newEndpoint(orgId, input, this.secrets));
    await this.written.dropCached(orgId);
    // The secret as stored: a keyed create run again after a crash answers the first run's endpoint.
    return { endpoint: created, secret: this.secrets.open(created.secret, created.id) };
  }

  async update(orgId: string, id: string, input: UpdateWebhookEndpoint): Promise<Endpoint> {
    // Existence first: another org's id is a 404 whatever the body says.
    found(await this.endpoints.find(orgId, id));
    if (input.url !== undefined) await checkEndpointUrl(input.url, this.urlPolicy);
    const change = patchChange(input);
    return found(
      await this.written.change(orgId, id, () =>
        this.store.change(orgId, id, (current) => endpointDecision(current, change)),
      ),
    );
  }

  /** The endpoint at once; its deliveries a page now and the rest in the background. */
  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.cascade.deleteEndpoint(orgId, id))) throw endpointNotFound();
  }

  async rotateSecret(orgId: string, id: string): Promise<EndpointWithSecret> {
    const { change, secret } = rotatedSecret(id, this.secrets);
    const rotated = await this.written.change(orgId, id, () =>
      this.store.change(orgId, id, (current) => endpointDecision(current, change)),
    );
    return { endpoint: found(rotated), secret };
  }
}
