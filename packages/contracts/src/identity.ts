import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AuditActorSchema } from './audit';

/**
 * The caller's identity as the gateway hands it to a service: one header carrying
 * `<base64url JSON>.<base64url HMAC-SHA256>` signed with the secret only the gateway
 * and the services share. Services refuse requests without a valid, fresh one.
 */
export const IDENTITY_HEADER = 'x-stockyard-identity';
export const IDENTITY_MAX_AGE_SECONDS = 60;

export const IdentitySchema = z.object({
  orgId: z.string().min(1),
  keyId: z.string().min(1),
  permissions: z.array(z.string()),
  /** Storefront keys only: the headless channel the key is bound to. */
  channelId: z.string().optional(),
  /**
   * Who the request acts for, as the audit trail names them: the key (its name, role and type)
   * when the gateway signs, the partner's key or a system job a service's peer call is made for.
   */
  actor: AuditActorSchema.optional(),
  /** Issued at, unix seconds. */
  iat: z.number().int(),
});
export type Identity = z.infer<typeof IdentitySchema>;

const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

export function signIdentity(
  identity: Omit<Identity, 'iat'>,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const data = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return `${data}.${mac(secret, data)}`;
}

/** The identity, or undefined when the header is missing, forged, malformed or stale. */
export function verifyIdentity(
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Identity | undefined {
  if (!header) return undefined;
  const [data, signature, extra] = header.split('.');
  if (!data || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, data));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = IdentitySchema.safeParse(parsed);
  if (!result.success) return undefined;
  return Math.abs(now - result.data.iat) <= IDENTITY_MAX_AGE_SECONDS ? result.data : undefined;
}
