import type { InfraUrls } from '@stockyard/testkit';

/** Purchasing's attachments and e-mail (services/purchasing/src/config.ts); the bucket is created at start. */
export const purchasingEnv = (infra: InfraUrls) => ({
  S3_URL: infra.s3Url,
  S3_BUCKET: process.env.S3_BUCKET ?? 'stockyard-attachments',
  S3_ACCESS_KEY_ID: infra.s3AccessKeyId,
  S3_SECRET_ACCESS_KEY: infra.s3SecretAccessKey,
  S3_REGION: infra.s3Region,
  SMTP_URL: infra.smtpUrl,
  SMTP_FROM: process.env.SMTP_FROM ?? 'Stockyard Purchasing <purchasing@stockyard.localhost>',
});
