import { runService } from '@stockyard/service-kit';
import { buildApp } from './app';
import { configSchema } from './config';

runService('webhooks', configSchema, (deps) => buildApp(deps));
