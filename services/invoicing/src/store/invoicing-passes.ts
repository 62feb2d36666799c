import { PassCheckpoints } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';

/** Invoicing's start-up passes' records (`invoicing_passes`). */
export const invoicingPasses = (connection: Connection) => new PassCheckpoints(connection, 'invoicing_passes');
