import type { UpstreamName } from './upstreams';

/**
 * What a 503 `upstream_unavailable` says. Under `npm run dev -- <service>` (scripts/dev.ts sets
 * DEV_SERVICE) only that service runs behind the gateway and every other one is a closed port:
 * its routes are refused because it was never started, and the answer says how to start it.
 */
export function unavailableMessage(service: UpstreamName, devService: UpstreamName | undefined): string {
  if (devService === undefined || service === devService) return `The ${service} service is unavailable`;
  return (
    `The ${service} service is not running: npm run dev started only ${devService} ` +
    `(start it with npm run dev -- ${service}, or run npm start for the whole system)`
  );
}
