// First import of main.ts: traces (when OTEL_* configures an exporter) need their libraries patched before they load.
import { startTracing } from '@stockyard/service-kit/tracing';

startTracing('inventory');
