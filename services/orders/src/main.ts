import './instrument';
import { runService } from '@stockyard/service-kit';
import { orders } from './app';

runService(orders);
