import type { ServiceName } from '@stockyard/contracts';

/** Where `npm start` and `npm run dev` listen on this machine. */
export const PORTS: Record<ServiceName, number> = {
  gateway: 8080,
  catalog: 8081,
  purchasing: 8082,
  invoicing: 8083,
  orders: 8084,
  inventory: 8085,
  webhooks: 8086,
};
