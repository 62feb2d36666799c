import { z } from 'zod';
import { idSchema } from './ids';

const id = idSchema();

/**
 * Who made a change: a partner's key (admin or storefront), or the system running one of its jobs
 * (a feed poll, a hold sweep, a consumer of another service's events). `keyId`, `name`, `role` and
 * `type` are the key's; a job's entry carries `job` instead.
 */
export const AuditActorSchema = z.object({
  kind: z.enum(['key', 'system']),
  keyId: z.string().nullable(),
  name: z.string().nullable(),
  role: z.string().nullable(),
  type: z.enum(['admin', 'storefront']).nullable(),
  job: z.string().nullable(),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** The request a change was made in, when a partner's request made it. */
export const AuditRequestSchema = z.object({
  /** The route's name in the route table (its operationId: `submitPurchaseOrder`). */
  route: z.string(),
  method: z.string(),
  path: z.string(),
  requestId: z.string(),
  idempotencyKey: z.string().nullable(),
});
export type AuditRequest = z.infer<typeof AuditRequestSchema>;

/** One field's value before and after (null: it did not exist). Secrets are never recorded. */
export const AuditFieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** What one change did to one resource: its fields that changed (a removal: each one it held, to null). */
export const AuditResourceSchema = z.object({
  type: z.string(),
  id: z.string(),
  action: z.enum(['created', 'changed', 'deleted']),
  fields: z.record(z.string(), AuditFieldChangeSchema),
});
export type AuditResource = z.infer<typeof AuditResourceSchema>;

/**
 * `audit.recorded` (internal): a change, written in the same write as the change itself by the
 * service that made it, or a refused request (403, 409, 422: `resources` empty). The webhooks
 * service keeps the trail.
 */
export const AuditRecordedPayloadSchema = z.object({
  orgId: z.string(),
  at: z.string(),
  actor: AuditActorSchema,
  request: AuditRequestSchema.nullable(),
  /** The answer's status: the route's success status for a change, the refusal's for a refusal. */
  status: z.number().int().nullable(),
  /** The error code of a refusal. */
  errorCode: z.string().nullable(),
  resources: z.array(AuditResourceSchema),
});
export type AuditRecordedPayload = z.infer<typeof AuditRecordedPayloadSchema>;

export const AUDIT_INTERNAL_EVENTS = { 'audit.recorded': AuditRecordedPayloadSchema } as const;

/** An entry of the trail as the API answers it: the record, its place in the chain and its hash. */
export const AuditEventSchema = AuditRecordedPayloadSchema.omit({ orgId: true }).extend({
  id: z.string(),
  /** Its place in the organization's chain: 1, 2, 3… in the order the trail received the entries. */
  sequence: z.number().int().min(1),
  /** SHA-256 (hex) of the previous entry's hash and this entry's canonical JSON. */
  hash: z.string(),
  previousHash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

const isoDate = z.iso.datetime({ offset: true });
/** A range whose `from` is after its `to` is a 400 naming `from`. */
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const FROM_AFTER_TO = { message: '`from` must not be after `to`', path: ['from'] };

/** GET /audit-events filters: newest first, paged by `startingAfter` (a page's `next`). */
export const AuditQuerySchema = z
  .object({
    resourceType: z.string().max(64).optional(),
    resourceId: id.optional(),
    actorKeyId: id.optional(),
    route: z
      .string()
      .max(64)
      .regex(/^[A-Za-z]+$/, 'a route name (an operationId)')
      .optional(),
    status: z.coerce.number().int().min(100).max(599).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    startingAfter: z.string().max(64).regex(/^\d+$/, 'a page’s `next` cursor').optional(),
  })
  .strict()
  .refine(inOrder, FROM_AFTER_TO);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  data: z.array(AuditEventSchema),
  limit: z.number().int(),
  next: z.string().nullable(),
});

/** GET /audit-events/verify: the range of the chain to check, by time (both optional). */
export const AuditVerifyQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .refine(inOrder, FROM_AFTER_TO);

/**
 * Whether the chain is intact over the range: every entry's hash recomputed from its content and
 * the previous entry's hash. `brokenAt` is the first entry whose stored content or link does not
 * match (null when intact); `startsFrom` is the hash the kept part of the chain starts from after
 * a retention sweep removed older entries.
 */
export const AuditVerificationSchema = z.object({
  intact: z.boolean(),
  checked: z.number().int().min(0),
  firstSequence: z.number().int().nullable(),
  lastSequence: z.number().int().nullable(),
  brokenAt: z
    .object({
      id: z.string(),
      sequence: z.number().int(),
      reason: z.enum(['content_changed', 'link_broken', 'missing']),
    })
    .nullable(),
  startsFrom: z.string(),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;
