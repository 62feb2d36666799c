import { pendingService, runService } from '@stockyard/service-kit';

runService(pendingService('invoicing'));
