import { notFound } from '@stockyard/service-kit';
import { errors } from './errors';

/** An export's error codes; an illegal status step is the state table's `export_not_cancellable`. */
export const exportNotFound = () => notFound('Export');

/** The key holds `export.run` (the gateway checked it) but not the resource's own read permission. */
export const missingReadPermission = (resource: string, permission: string) =>
  errors.missing_permission(`This API key lacks the ${permission} permission`, [
    { field: 'resource', code: 'missing_permission', message: `exporting ${resource} needs ${permission}` },
  ]);
