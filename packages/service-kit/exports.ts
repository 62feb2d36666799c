// Exports (issue #41): a service answers the exports' worker with its resources' rows, a page at a time.
export { bindExportRows, type ExportReader } from './src/http/export-rows';
export { exportPage } from './src/store/export-page';
