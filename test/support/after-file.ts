import { stopProcessSimulator } from '../../src/integrations/stripe/stripe-simulator.provider';
import { killAllWorkers } from './worker-process';

/**
 * What the e2e environment (leak-checking-environment.js) runs once a test file is over, after the
 * file's own afterAll hooks have closed its apps: worker processes that a failed hook left running, and
 * the process-wide Stripe simulator that the file's apps started on first use.
 */
const afterFile: Array<() => Promise<void>> = [killAllWorkers, stopProcessSimulator];
(globalThis as Record<symbol, unknown>)[Symbol.for('cds.afterFile')] = afterFile;
