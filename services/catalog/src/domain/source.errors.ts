import { conflict } from '@stockyard/service-kit';

export const sourceDeleted = () => conflict('The source channel is deleted', 'source_deleted');
