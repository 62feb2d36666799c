import './instrument';
import { runService } from '@stockyard/service-kit';
import { invoicing } from './app';

runService(invoicing);
