import { PassCheckpoints } from '@stockyard/service-kit/store';
import type { Connection } from 'mongoose';

/** Purchasing's start-up passes' records (`purchasing_passes`). */
export const purchasingPasses = (connection: Connection) => new PassCheckpoints(connection, 'purchasing_passes');
