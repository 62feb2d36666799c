import './instrument';
import { runService } from '@stockyard/service-kit';
import { purchasing } from './app';

runService(purchasing);
