export * from './infra';
export * from './isolation';
export * from './identity';
export * from './http';
export * from './receiver';
export * from './stack';
export * from './event-tap';
export * from './service-harness';
