import './instrument';
import { runService } from '@stockyard/service-kit';
import { webhooks } from './app';

runService(webhooks);
