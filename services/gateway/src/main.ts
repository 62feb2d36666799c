import { runGateway } from './run-gateway';

runGateway();
