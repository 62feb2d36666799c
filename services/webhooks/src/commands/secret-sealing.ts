import { endpointDecision } from '../domain/endpoint';
import type { SealedSecret, SecretBox } from '../secrets/secret-box';
import type { EndpointReads, EndpointStore } from '../store/endpoint.repository';
import type { EndpointWritten } from './endpoint-written';

/** A secret stored in plaintext (before secrets were encrypted), or sealed under a key the box no longer seals with. */
const needsSealing = (stored: SealedSecret | string, secrets: SecretBox) =>
  typeof stored === 'string' || secrets.isStale(stored);

/**
 * The sealing pass at start (README: rotating the key): every secret not sealed with the current
 * key is sealed with it, each a change of its endpoint through the store (audited, the secret
 * redacted by its name).
 */
export class SecretSealing {
  constructor(
    private readonly store: EndpointStore,
    private readonly endpoints: EndpointReads,
    private readonly written: EndpointWritten,
  ) {}

  /** Answers how many it re-sealed. */
  async sealStale(secrets: SecretBox): Promise<number> {
    let sealed = 0;
    for (const { id, orgId, secret } of await this.endpoints.storedSecrets()) {
      if (!needsSealing(secret, secrets)) continue;
      await this.written.change(orgId, id, () =>
        this.store.change(orgId, id, (current) => {
          // Checked again on the state it changes: another replica may have sealed it meanwhile.
          const now = current.secret as SealedSecret | string;
          if (!needsSealing(now, secrets)) return endpointDecision(current, undefined);
          const plaintext = typeof now === 'string' ? now : secrets.open(now, current.id);
          return endpointDecision(current, { secret: secrets.seal(plaintext, current.id) });
        }),
      );
      sealed++;
    }
    return sealed;
  }
}
