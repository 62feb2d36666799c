import type { CostingMethod } from './cost-layer';

/**
 * The organization's costing method. FIFO for every organization until the setting exists: it
 * comes with the reports (issue #42), and a pool follows a change of it at its next movement
 * (switch-method.ts).
 */
export const costingMethodOf = (_orgId: string): CostingMethod => 'FIFO';
