/**
 * Rows of the route table that no service has bound yet: they answer 501 and the document
 * marks them `x-pending`. A row leaves this list when its service binds it with schemas
 * (the OpenAPI test fails on a row that is neither bound nor listed here, and on a listed row
 * that is bound).
 */
export const PENDING_ROUTES: readonly string[] = [];
