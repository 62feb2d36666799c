import type { Logger } from '@stockyard/service-kit';
import type { EndpointDeliveries } from '../commands/endpoint-deliveries';
import type { SecretSealing } from '../commands/secret-sealing';
import type { SecretBox } from '../secrets/secret-box';

/** Why a delivery closed without its remaining attempts. */
export const ENDPOINT_DISABLED = 'endpoint disabled';

/**
 * An endpoint was disabled (the failure rule or PATCH): its pending deliveries stop retrying
 * now rather than each at its next attempt, up to a day later (README: Auto-disable). They end
 * failed and can be replayed once it is enabled again. Runs in the background of the write.
 */
export async function stopRetries(
  deliveries: Pick<EndpointDeliveries, 'abandonPending'>,
  logger: Logger,
  orgId: string,
  endpointId: string,
): Promise<void> {
  try {
    const closed = await deliveries.abandonPending(orgId, endpointId, ENDPOINT_DISABLED);
    logger.info({ orgId, endpointId, closed }, 'pending deliveries of a disabled endpoint closed');
  } catch (err) {
    // Each one still closes, without a request, when its next attempt comes.
    logger.warn({ orgId, endpointId, err: (err as Error).message }, 'closing pending deliveries failed');
  }
}

/** At start: secrets stored in plaintext or under an older key are sealed with the current key. */
export async function sealSecrets(sealing: SecretSealing, secrets: SecretBox, logger: Logger): Promise<void> {
  const sealed = await sealing.sealStale(secrets);
  if (sealed > 0) logger.info({ sealed }, 'endpoint signing secrets sealed with the current key');
}
