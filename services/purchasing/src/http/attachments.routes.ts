import { PURCHASING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { DocumentsGiven } from '../deps';
import type { Attachment } from '../domain/purchase-order';

const attachmentView = (a: Attachment) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() });

/** An order's documents in S3: a presigned upload, recording it, listing and removing. */
export function attachmentsRoutes(router: Router, { attachments }: DocumentsGiven): void {
  const api = PURCHASING_API;
  bindRoute(router, api.createUploadUrl, ({ orgId, params, query }) => attachments.uploadUrl(orgId, params.id, query));
  bindRoute(router, api.recordAttachment, async ({ orgId, params, body }) =>
    attachmentView(await attachments.record(orgId, params.id, body)),
  );
  bindRoute(router, api.listAttachments, async ({ orgId, params }) => ({
    data: (await attachments.list(orgId, params.id)).map(attachmentView),
  }));
  bindRoute(router, api.deleteAttachment, async ({ orgId, params }) =>
    attachmentView(await attachments.remove(orgId, params.id, params.attachmentId)),
  );
}
