import type { InfraUrls } from '@stockyard/testkit';

/** The webhooks service's export files (services/webhooks/src/config.ts); the bucket is created at start. */
export const webhooksEnv = (infra: InfraUrls) => ({
  S3_URL: infra.s3Url,
  S3_BUCKET: process.env.EXPORTS_BUCKET ?? 'stockyard-exports',
  S3_ACCESS_KEY_ID: infra.s3AccessKeyId,
  S3_SECRET_ACCESS_KEY: infra.s3SecretAccessKey,
  S3_REGION: infra.s3Region,
});
