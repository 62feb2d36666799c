import type { ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { ObjectBucket } from '@stockyard/service-kit/objects';
import { AttachmentCommands } from './commands/attachment-commands';
import { DocumentCommands } from './commands/document-commands';
import { MessageCommands } from './commands/message-commands';
import type { Config } from './config';
import type { DocumentsGiven, PurchaseOrdersGiven } from './deps';
import { attachmentsRoutes } from './http/attachments.routes';
import { documentsRoutes } from './http/documents.routes';
import { catalogReads } from './peers/catalog-reads';
import { Mailer } from './peers/mailer';
import { warehouseRead } from './peers/warehouse-reads';
import { messageModel } from './store/message.model';
import { MessageRepository } from './store/message.repository';
import type { PurchaseOrderStore } from './store/purchase-order.repository';

/**
 * An order's documents: attachments in S3 (the bucket made at start, the kit's `ObjectBucket`), the
 * PDF, e-mail to the supplier through SMTP and its messages (their own collection).
 */
export function documentsModule(
  { connection, config, logger }: ServiceContext<Config>,
  po: { given: PurchaseOrdersGiven; store: PurchaseOrderStore },
): ServiceModule<DocumentsGiven> {
  const { commands } = po.given;
  const storage = new ObjectBucket(config, 'attachment storage', logger);
  const mailer = new Mailer(config);
  const catalog = catalogReads(config);
  const documents = new DocumentCommands(catalog, warehouseRead(config));
  const messages = new MessageCommands(
    commands,
    catalog,
    documents,
    new MessageRepository(messageModel(connection)),
    mailer,
    logger,
  );
  const given = {
    orders: commands,
    attachments: new AttachmentCommands(po.store, commands, storage),
    documents,
    messages,
  };
  return {
    given,
    parts: [storage, mailer],
    api: (router) => {
      attachmentsRoutes(router, given);
      documentsRoutes(router, given);
    },
  };
}
