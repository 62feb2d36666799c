import { SERVICES, type ServiceName } from '@stockyard/contracts';

/** The gateway's port when STOCKYARD_PORT_BASE is unset; each service follows it (README, "Two commands"). */
const DEFAULT_PORT_BASE = 8080;

/** How far above its http port each process serves `/metrics` (one port each: one value cannot serve seven). */
const METRICS_PORT_OFFSET = 100;

/** A process's http port: the base plus its place in SERVICES (the gateway first, then one per service). */
const portsAt = (base: number, offset = 0): Record<ServiceName, number> =>
  Object.fromEntries(SERVICES.map((name, i) => [name, base + offset + i])) as Record<ServiceName, number>;

/** Where `npm start` and `npm run dev` listen by default, and docker-compose.yml and k8s/ alike. */
export const PORTS: Record<ServiceName, number> = portsAt(DEFAULT_PORT_BASE);

interface LocalPorts {
  base: number;
  http: Record<ServiceName, number>;
  metrics: Record<ServiceName, number>;
}

/**
 * The ports of one local run: STOCKYARD_PORT_BASE moves the whole set (to run a second system, or
 * beside something on 8080); `npm run dev` adds its DEV_PORT_OFFSET (to run beside `npm start`).
 */
export function localPorts(env: NodeJS.ProcessEnv = process.env, shift?: { name: string; by: number }): LocalPorts {
  const raw = env.STOCKYARD_PORT_BASE;
  const base = (raw === undefined || raw === '' ? DEFAULT_PORT_BASE : Number(raw)) + (shift?.by ?? 0);
  const highest = 65535 - METRICS_PORT_OFFSET - (SERVICES.length - 1);
  if (!Number.isInteger(base) || base < 1024 || base > highest) {
    const given = `STOCKYARD_PORT_BASE=${raw ?? ''}${shift ? ` plus ${shift.name}=${shift.by}` : ''}`;
    throw new Error(`${given}: the gateway's port must be a whole number from 1024 to ${highest}`);
  }
  return { base, http: portsAt(base), metrics: portsAt(base, METRICS_PORT_OFFSET) };
}
