import './instrument';
import { runService } from '@stockyard/service-kit';
import { inventory } from './app';

runService(inventory);
