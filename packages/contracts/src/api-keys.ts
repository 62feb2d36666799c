import { z } from 'zod';
import { PermissionSchema } from './permissions';
import { RoleSchema } from './roles';

/**
 * Role and scopes arrive as plain strings so the gateway can answer an unknown one with
 * its own error code (`unknown_role`, `unknown_permission`) rather than a generic 400.
 */
const futureInstant = z.iso.datetime({ offset: true });

export const CreateApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    role: z.string().optional(),
    scopes: z.array(z.string()).max(64).optional(),
    /** ISO 8601 with a zone (`2027-01-01T00:00:00Z`); must be in the future. */
    expiresAt: futureInstant.optional(),
  })
  .strict();
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

export const CreateStorefrontKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    channelId: z.string().min(1).max(100),
    expiresAt: futureInstant.optional(),
  })
  .strict();
export type CreateStorefrontKey = z.infer<typeof CreateStorefrontKeySchema>;

/** One entry of GET /api-keys: never the hash, never the plaintext. */
export const ApiKeySchema = z.object({
  id: z.string(),
  type: z.enum(['admin', 'storefront']),
  name: z.string(),
  /** The key's first characters (`sya_<keyId>`): enough to recognise it, useless to use it. */
  prefix: z.string(),
  role: RoleSchema,
  scopes: z.array(PermissionSchema),
  channelId: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The create responses: the one time the plaintext `key` exists outside the caller. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** GET /api-keys/permissions. */
export const ApiKeyPermissionsSchema = z.object({
  permissions: z.array(z.object({ name: PermissionSchema, description: z.string() })),
  /** The subset the calling key may put on a key it creates (the permissions it holds). */
  grantable: z.array(PermissionSchema),
  roles: z.array(z.object({ name: RoleSchema, permissions: z.array(PermissionSchema) })),
  defaultRole: RoleSchema,
});
export type ApiKeyPermissions = z.infer<typeof ApiKeyPermissionsSchema>;
