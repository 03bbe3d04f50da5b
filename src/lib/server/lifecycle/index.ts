// What the process does when it stops, and whether it is stopping (readiness answers 503 then).
export { isStopping, markStopping, onStop, stopEverything } from './registry.ts';
