import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  UPLOAD_URL_TTL_SECONDS,
  type RecordAttachment,
  type UploadUrlQuery,
} from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { randomBytes } from 'node:crypto';
import {
  addAttachment,
  attachmentKey,
  attachmentKindOf,
  canAttach,
  checkAttachmentKey,
  findAttachment,
  removeAttachment,
} from '../domain/attachments';
import { attachmentTooLarge, uploadNotFound } from '../domain/document.errors';
import type { Attachment } from '../domain/purchase-order';
import type { ObjectBucket } from '@stockyard/service-kit/objects';
import type { PurchaseOrderCommands } from './purchase-order-commands';
import type { PurchaseOrderStore } from '../store/purchase-order.repository';

/**
 * An order's documents in S3: a presigned upload, recording it once it is there, listing and
 * removing. Every check on the request (the order, its status, the type, the key) comes before
 * S3 is asked anything.
 */
export class AttachmentCommands {
  constructor(
    private readonly store: PurchaseOrderStore,
    private readonly commands: PurchaseOrderCommands,
    private readonly storage: ObjectBucket,
  ) {}

  async uploadUrl(orgId: string, poId: string, { filename, contentType }: UploadUrlQuery) {
    attachmentKindOf(contentType);
    canAttach(await this.commands.get(orgId, poId), MAX_ATTACHMENTS);
    const key = attachmentKey(orgId, poId, randomBytes(12).toString('hex'), filename);
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
    const url = await this.storage.presignPut(key, contentType, UPLOAD_URL_TTL_SECONDS);
    return {
      url,
      method: 'PUT' as const,
      key,
      expiresAt: expiresAt.toISOString(),
      headers: { 'Content-Type': contentType },
      maxBytes: MAX_ATTACHMENT_BYTES,
    };
  }

  async record(orgId: string, poId: string, body: RecordAttachment): Promise<Attachment> {
    const kind = attachmentKindOf(body.contentType);
    checkAttachmentKey(orgId, poId, body.key);
    const po = await this.commands.get(orgId, poId);
    const recorded = po.attachments.find((a) => a.key === body.key);
    if (recorded) return recorded;
    canAttach(po, MAX_ATTACHMENTS);
    const size = await this.storage.sizeOf(body.key);
    if (size === undefined) throw uploadNotFound();
    if (size > MAX_ATTACHMENT_BYTES) {
      await this.storage.remove(body.key);
      throw attachmentTooLarge(size, MAX_ATTACHMENT_BYTES);
    }
    const attachment: Attachment = { id: newId('att'), kind, size, createdAt: new Date(), ...body };
    return (await this.store.change(orgId, poId, (current) => addAttachment(current, attachment, MAX_ATTACHMENTS)))
      .result;
  }

  async list(orgId: string, poId: string): Promise<Attachment[]> {
    return (await this.commands.get(orgId, poId)).attachments;
  }

  /** The object first (S3 away: 503 and nothing changed), then the record. */
  async remove(orgId: string, poId: string, attachmentId: string): Promise<Attachment> {
    const attachment = findAttachment(await this.commands.get(orgId, poId), attachmentId);
    await this.storage.remove(attachment.key);
    return (await this.store.change(orgId, poId, (po) => removeAttachment(po, attachmentId))).result;
  }
}
