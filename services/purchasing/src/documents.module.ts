import type { ServiceContext } from '@stockyard/service-kit';
import type { Router } from 'express';
import { AttachmentCommands } from './commands/attachment-commands';
import { DocumentCommands } from './commands/document-commands';
import { MessageCommands } from './commands/message-commands';
import type { Config } from './config';
import { attachmentsRoutes } from './http/attachments.routes';
import { documentsRoutes } from './http/documents.routes';
import { AttachmentStorage } from './peers/attachment-storage';
import { catalogReads } from './peers/catalog-reads';
import { Mailer } from './peers/mailer';
import { warehouseRead } from './peers/warehouse-reads';
import type { PurchaseOrdersGiven } from './purchase-orders.module';
import { messageModel } from './store/message.model';
import { MessageRepository } from './store/message.repository';

/**
 * An order's documents: attachments in S3 (the bucket made at start, `AttachmentStorage`), the
 * PDF, e-mail to the supplier through SMTP and its messages (their own collection).
 */
export function documentsModule({ connection, config, logger }: ServiceContext<Config>, po: PurchaseOrdersGiven) {
  const storage = new AttachmentStorage(config, logger);
  const mailer = new Mailer(config);
  const catalog = catalogReads(config);
  const documents = new DocumentCommands(catalog, warehouseRead(config));
  const messages = new MessageCommands(
    po.commands,
    catalog,
    documents,
    new MessageRepository(messageModel(connection)),
    mailer,
    logger,
  );
  const given = {
    orders: po.commands,
    attachments: new AttachmentCommands(po.store, po.commands, storage),
    documents,
    messages,
  };
  return {
    given,
    parts: [storage, mailer],
    mount: (router: Router) => {
      attachmentsRoutes(router, given);
      documentsRoutes(router, given);
    },
  };
}
/** What the documents' routes are given. */
export type DocumentsGiven = ReturnType<typeof documentsModule>['given'];
