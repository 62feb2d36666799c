import { baseServiceEnv } from '@stockyard/service-kit';

export const configSchema = baseServiceEnv;
export type Config = ReturnType<typeof configSchema.parse>;
