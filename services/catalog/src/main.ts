import './instrument';
import { runService } from '@stockyard/service-kit';
import { catalog } from './app';

runService(catalog);
