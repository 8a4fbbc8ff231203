import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

/**
 * prom-client's default metrics (CPU, memory, heap, event-loop delay, handles, GC), under their
 * usual names so stock Node.js dashboards read them. They describe the process, not one app, and
 * once collecting they cannot be stopped (each collection leaves an event-loop monitor and a GC
 * observer running), so there is one registry of them per process, shared by every app built in
 * it — tests build several.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
