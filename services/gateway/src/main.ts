import './instrument';
import { runGateway } from './run-gateway';

runGateway();
