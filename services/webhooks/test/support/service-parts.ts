import type { Connection } from 'mongoose';
import type { BroadcastCache, ServiceContext } from '@stockyard/service-kit';
import { createLogger } from '@stockyard/service-kit/ops';
import { EndpointCommands } from '../../src/commands/endpoint-commands';
import { EndpointRemoval } from '../../src/commands/endpoint-removal';
import { EndpointWritten } from '../../src/commands/endpoint-written';
import { FailureCount } from '../../src/commands/failure-count';
import { SecretSealing } from '../../src/commands/secret-sealing';
import type { Config } from '../../src/config';
import { deliveriesData } from '../../src/deliveries.module';
import { EndpointCascade } from '../../src/delivery/endpoint-cascade';
import { EndpointCascades } from '../../src/store/endpoint-cascades.repository';
import { endpointModel } from '../../src/store/endpoint.model';
import { EndpointReads, endpointStore, type EnabledEndpoints } from '../../src/store/endpoint.repository';
import { testSecrets } from './webhooks';

/** The test endpoints' host (`https://hooks.example.invalid/…`), exempt from the URL rule: it never resolves. */
const TEST_HOSTS = { allowlist: ['hooks.example.invalid'], resolve: async () => [] };

/**
 * The deliveries' store, reads and commands on a bare connection, as the service wires them
 * (deliveriesData), for specs below the HTTP layer.
 */
export const deliveriesOn = (connection: Connection) =>
  deliveriesData({ connection, config: { WEBHOOK_DISPATCH_MEMORY_DAYS: 7 } } as ServiceContext<Config>);

/**
 * The endpoints' reads and commands on a bare connection, wired as endpointsModule wires them,
 * with the given cache (one replica's) and without a relay or the disable hook; secrets sealed
 * with the harness's key. The cascade's sweep is not started.
 */
export function endpointsOn(connection: Connection, enabledByOrg?: BroadcastCache<EnabledEndpoints>) {
  const model = endpointModel(connection);
  const store = endpointStore(model);
  const reads = new EndpointReads(model, store, enabledByOrg);
  const written = new EndpointWritten(enabledByOrg);
  const removal = new EndpointRemoval(store, written);
  const logger = createLogger('test', 'silent');
  const cascade = new EndpointCascade(
    new EndpointCascades(connection),
    reads,
    removal,
    deliveriesOn(connection).ofEndpoints,
    logger,
    { page: 1000, sweepMs: 60_000 },
  );
  return {
    reads,
    removal,
    failures: new FailureCount(store, written),
    sealing: new SecretSealing(store, reads, written),
    commands: new EndpointCommands(store, reads, written, cascade, TEST_HOSTS, testSecrets),
  };
}
