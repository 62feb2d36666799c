import { errors } from './errors';

export const sourceDeleted = () => errors.source_deleted('The source channel is deleted');
