// The e2e files' environment: Node's, plus a check after each file that it left nothing running in the
// jest worker that runs the next file — no server, socket, timer or child process (Chromium, a worker
// process) that outlives its test file. Such leftovers kept memory and CPU busy for the rest of the run.
const { execFileSync } = require('node:child_process');
const { TestEnvironment } = require('jest-environment-node');

// How long closing may take before what is still open counts as left running: a worker's dozens of
// Redis connections, quitting while the other test process keeps both cores busy, took more than 3 s.
const SETTLE_MS = 10_000;

function resourceCounts() {
  const counts = new Map();
  for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

function childProcesses() {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.includes(' ps -o pid=,args='));
  } catch {
    return []; // ps exits 1 when there is no child
  }
}

/** Where the open sockets and servers point, so a failure names what to close. */
function describeHandles() {
  return process
    ._getActiveHandles()
    .map((handle) => {
      if (typeof handle.remotePort === 'number') return `socket to ${handle.remoteAddress}:${handle.remotePort}`;
      if (typeof handle.address === 'function' && handle.listening) return `server on port ${handle.address()?.port}`;
      return undefined;
    })
    .filter(Boolean);
}

function leftovers(baseline) {
  const found = [];
  for (const [type, count] of resourceCounts()) {
    const extra = count - (baseline.get(type) ?? 0);
    if (extra > 0) found.push(`${extra} × ${type}`);
  }
  if (found.length) found.push(`(open now: ${describeHandles().join(', ') || 'none named'})`);
  for (const child of childProcesses()) found.push(`child process ${child}`);
  return found;
}

class LeakCheckingEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.baseline = resourceCounts();
  }

  async teardown() {
    // Process-wide stand-ins the file's apps started (test/support/after-file.ts), stopped after its own hooks.
    for (const stop of this.global[Symbol.for('cds.afterFile')] ?? []) await stop();
    await super.teardown();
    // Closing is asynchronous (sockets drain, Chromium exits): give it a moment before judging.
    const deadline = Date.now() + SETTLE_MS;
    let found = leftovers(this.baseline);
    while (found.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = leftovers(this.baseline);
    }
    if (found.length) throw new Error(`The test file left running after it: ${found.join(', ')}`);
  }
}

module.exports = LeakCheckingEnvironment;
