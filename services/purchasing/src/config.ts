import { baseServiceEnv } from '@stockyard/service-kit';
import { s3Env } from '@stockyard/service-kit/objects';
import { z } from 'zod';

export const configSchema = baseServiceEnv.extend({
  /** The catalog's base URL: suppliers (sources), their offers and variants. */
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8081'),
  /** Inventory's base URL: warehouses, and the receipts' stock. */
  INVENTORY_URL: z.string().url().default('http://127.0.0.1:8085'),
  /**
   * The orders service's base URL: customer-order holds linked to lines. Unset: no holds (purchasing
   * alone, its own tests; linking names an unknown hold).
   */
  ORDERS_URL: z.string().url().optional(),
  /** How long a call to a peer may take before its route answers 503 `dependency_unavailable`. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** How often pending receipts (inventory away, a crash between the steps) are applied again. */
  RECEIPT_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  /** A pending receipt younger than this is left to the request that recorded it. */
  RECEIPT_GRACE_MS: z.coerce.number().int().nonnegative().default(10_000),
  /** The S3 bucket attachments are stored in. */
  ...s3Env('stockyard-attachments'),
  /** Where purchase-order e-mail is sent through (nodemailer): `smtp://[user:pass@]host:port`, or smtps://. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL'),
  /** The sender of purchase-order e-mail. */
  SMTP_FROM: z.string().min(3).default('Stockyard Purchasing <purchasing@stockyard.localhost>'),
});
export type Config = ReturnType<typeof configSchema.parse>;
