export * from './behavior';
export * from './mock-peer';
export { BEHAVIORS } from './behaviors';
