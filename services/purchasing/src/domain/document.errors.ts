import { errors } from './errors';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const unsupportedAttachmentType = (contentType: string) =>
  errors.unsupported_attachment_type(
    `An attachment is an image (image/*) or a PDF (application/pdf), not ${contentType}`,
    detail('contentType', 'unsupported_attachment_type', 'image/* or application/pdf'),
  );
export const attachmentKeyInvalid = () =>
  errors.attachment_key_invalid(
    "The key is not one of this order's upload keys (ask POST …/attachments/upload-url for one)",
    detail('key', 'attachment_key_invalid', "outside the order's prefix"),
  );
export const uploadNotFound = () =>
  errors.upload_not_found(
    'Nothing was uploaded under this key (or the upload has not finished)',
    detail('key', 'upload_not_found', 'no object under the key'),
  );
export const attachmentTooLarge = (size: number, max: number) =>
  errors.attachment_too_large(
    `The upload is ${size} bytes; an attachment is at most ${max} bytes (the upload was removed)`,
    detail('key', 'attachment_too_large', `at most ${max} bytes`),
  );
export const tooManyAttachments = (max: number) =>
  errors.too_many_attachments(`A purchase order has at most ${max} attachments`);
export const attachmentNotFound = (id: string) => errors.resource_not_found(`Attachment ${id} not found`);
export const supplierEmailMissing = () =>
  errors.supplier_email_missing(
    "The supplier has no e-mail address and the request names no 'to'",
    detail('to', 'supplier_email_missing', 'give to, or set the source’s email'),
  );
/** The SMTP server refused or could not be reached: the message is recorded FAILED. */
export const emailDeliveryFailed = (messageId: string, reason: string) =>
  errors.email_delivery_failed(`The e-mail could not be delivered: ${reason}`, [
    { field: 'messageId', code: 'email_delivery_failed', message: messageId },
  ]);
