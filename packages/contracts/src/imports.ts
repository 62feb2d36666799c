import { z } from 'zod';

/**
 * Supplier feed imports (`imp_…`): a CSV of source SKUs, uploaded (`Content-Type: text/csv`)
 * or fetched from a URL, applied as a job (issue #18).
 */

/** The columns an import reads (header required, matched case-insensitively; others ignored). */
export const IMPORT_COLUMNS = ['sku', 'name', 'cost', 'availableQuantity', 'upc'] as const;

/** POST /sources/{id}/imports with a JSON body: the feed to fetch (the webhook URL rules apply). */
export const ImportFromUrlSchema = z.object({ url: z.string().trim().min(1).max(2048) }).strict();
export type ImportFromUrl = z.infer<typeof ImportFromUrlSchema>;

/**
 * RECEIVING: an upload is being stored (the request is still open); QUEUED: waiting for a
 * worker; RUNNING; COMPLETED; FAILED (with `failure`).
 */
export const IMPORT_STATUSES = ['RECEIVING', 'QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ImportCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** A rejected row: its line in the file (the header is line 1), the SKU when readable, why. */
export const ImportRowErrorSchema = z.object({
  line: z.number().int(),
  sku: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  sourceChannelId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  origin: z.enum(['upload', 'url']),
  url: z.string().nullable(),
  counts: ImportCountsSchema,
  /** Data rows read so far. */
  rowsRead: z.number().int(),
  /** The first rejected rows (at most 100); `counts.rejected` has them all. */
  errors: z.array(ImportRowErrorSchema),
  /** Why a FAILED job stopped (`csv_header_missing`, `feed_fetch_failed`, `upload_interrupted`, ...). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Variants whose cost followed their preferred offer (`variant.cost_changed` each). */
  variantCostsChanged: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const MAX_IMPORT_ERRORS = 100;
