import type { Decision } from '@stockyard/service-kit';
import type { Attachment, PurchaseOrder } from './purchase-order';
import { trashed } from './purchase-order.errors';
import {
  attachmentKeyInvalid,
  attachmentNotFound,
  tooManyAttachments,
  unsupportedAttachmentType,
} from './document.errors';

/** `image` for image/*, `pdf` for application/pdf; any other type is refused (422). */
export function attachmentKindOf(contentType: string): Attachment['kind'] {
  const type = contentType.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/[\w.+-]+$/.test(type)) return 'image';
  throw unsupportedAttachmentType(contentType);
}

/** Where an order's uploads live: under the organization, then the order. */
const attachmentPrefix = (orgId: string, poId: string) => `${orgId}/purchase-orders/${poId}/`;

/** A filename as a key part: letters, digits, `.`, `_` and `-` only, at most 100 characters. */
export function safeFilename(filename: string): string {
  const plain = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return plain || 'file';
}

/** A new upload's key: `<orgId>/purchase-orders/<poId>/<random>-<safe filename>`. */
export const attachmentKey = (orgId: string, poId: string, random: string, filename: string) =>
  `${attachmentPrefix(orgId, poId)}${random}-${safeFilename(filename)}`;

/** The key must be one this order's upload URL hands out: its prefix, then one plain name. */
export function checkAttachmentKey(orgId: string, poId: string, key: string): void {
  const prefix = attachmentPrefix(orgId, poId);
  const rest = key.startsWith(prefix) ? key.slice(prefix.length) : '';
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(rest)) throw attachmentKeyInvalid();
}

/** An order may take documents in any status, but not in the trash. */
export function canAttach(po: PurchaseOrder, max: number): void {
  if (po.deletedAt) throw trashed();
  if (po.attachments.length >= max) throw tooManyAttachments(max);
}

/** Records an uploaded document; the same key again answers the one recorded (a retry). */
export function addAttachment(
  po: PurchaseOrder,
  attachment: Attachment,
  max: number,
): Decision<PurchaseOrder, Attachment> {
  const existing = po.attachments.find((a) => a.key === attachment.key);
  if (existing) return { result: existing };
  canAttach(po, max);
  return { state: { ...po, attachments: [...po.attachments, attachment] }, result: attachment };
}

export function findAttachment(po: PurchaseOrder, attachmentId: string): Attachment {
  const found = po.attachments.find((a) => a.id === attachmentId);
  if (!found) throw attachmentNotFound(attachmentId);
  return found;
}

/** Removes the record (its object is removed first, by the command). */
export function removeAttachment(po: PurchaseOrder, attachmentId: string): Decision<PurchaseOrder, Attachment> {
  if (po.deletedAt) throw trashed();
  const removed = findAttachment(po, attachmentId);
  return { state: { ...po, attachments: po.attachments.filter((a) => a.id !== attachmentId) }, result: removed };
}
