import { connect, type Socket } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A lean HTTP/1.1 load generator: fixed keep-alive connections, one request in flight on each,
 * for a fixed time. Response bodies are only counted, never decoded: autocannon turns every body
 * into a JS string, which for the catalog's 98 KB Brotli body costs the load generator about 5 ms
 * a response — it, not the server, would set the pace. Handles Content-Length bodies and 304s,
 * which is all the store and the bare server send.
 */
export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The raw request (from `httpRequest`), or a function making the next one for a connection. */
  request: Buffer | ((connection: number) => Buffer);
  /** Called with each answer; the body is kept only when this asks for it with keepBody. */
  onResponse?: (connection: number, status: number, body: Buffer | null) => void;
  keepBody?: boolean;
  timeoutMs?: number;
}

export interface LoadResult {
  /** Answers received. */
  total: number;
  seconds: number;
  rate: number;
  statuses: Map<number, number>;
  /** Connection errors, timeouts and unparseable answers. */
  errors: number;
  bodyBytes: number;
}

/** A raw HTTP/1.1 request for `url`. */
export function httpRequest(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Buffer {
  const { host, pathname, search } = new URL(url);
  const lines = [`${method} ${pathname}${search} HTTP/1.1`, `Host: ${host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

const HEADER_END = Buffer.from('\r\n\r\n');

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { hostname, port } = new URL(options.url);
  const statuses = new Map<number, number>();
  const timeoutMs = options.timeoutMs ?? 10_000;
  let total = 0;
  let errors = 0;
  let bodyBytes = 0;
  let stopping = false;
  const started = process.hrtime.bigint();
  const next = (connection: number) =>
    typeof options.request === 'function' ? options.request(connection) : options.request;

  const sockets: Socket[] = [];
  const runConnection = (connection: number) => {
    let head: Buffer | null = null; // header bytes seen so far, while the header is incomplete
    let remaining = -1; // body bytes still to come; -1 while reading the header
    let status = 0;
    let body: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    sockets[connection] = socket;
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    const send = () => {
      if (!stopping) socket.write(next(connection));
    };
    const finish = () => {
      total++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      options.onResponse?.(connection, status, options.keepBody ? Buffer.concat(body) : null);
      body = [];
      remaining = -1;
      send();
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      let data = chunk;
      while (data.length > 0) {
        if (remaining === -1) {
          const buffered: Buffer = head ? Buffer.concat([head, data]) : data;
          const end = buffered.indexOf(HEADER_END);
          if (end === -1) {
            head = Buffer.from(buffered);
            return;
          }
          head = null;
          const header = buffered.toString('latin1', 0, end);
          status = Number(header.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(header);
          if (!status || (!length && status !== 304 && status !== 204 && status >= 200)) {
            errors++;
            socket.destroy();
            return;
          }
          remaining = status === 304 || status === 204 || !length ? 0 : Number(length[1]);
          data = buffered.subarray(end + 4);
        }
        const take = Math.min(remaining, data.length);
        bodyBytes += take;
        if (options.keepBody && take > 0) body.push(Buffer.from(data.subarray(0, take)));
        remaining -= take;
        data = data.subarray(take);
        if (remaining === 0) finish();
      }
    });
    socket.on('error', () => {
      if (!stopping) errors++;
    });
    socket.on('close', () => {
      // A lost connection counts once as an error (above); carry on with a new one.
      if (!stopping) runConnection(connection);
    });
  };

  for (let i = 0; i < options.connections; i++) runConnection(i);
  return new Promise((resolve) => {
    setTimeout(() => {
      stopping = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      for (const socket of sockets) socket.destroy();
      resolve({ total, seconds, rate: total / seconds, statuses, errors, bodyBytes });
    }, options.seconds * 1000);
  });
}

/** What one load round saw, and how busy the server's process was meanwhile. */
export interface Round {
  result: LoadResult;
  rate: number;
  /** Share of one core the server process used during the round (1 = a full core). */
  serverCpu: number;
  /** Share of one core this process (the load generator) used. */
  clientCpu: number;
  /** Answers per second of server CPU: the server's cost per request, whatever share of the core it got. */
  perCpuSecond: number;
}

// utime and stime are the 14th and 15th fields of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
const TICKS_PER_SECOND = 100;
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds of each running process with one of these names (as /proc/<pid>/comm gives it), by pid. */
export function cpuSecondsByPid(names: string[]): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) {
        found.set(Number(entry), cpuSeconds(Number(entry)));
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

/** CPU seconds such processes spent since `before` (a process that ended in between is not counted). */
export function cpuSecondsSince(before: Map<number, number>, names: string[]): number {
  let total = 0;
  for (const [pid, seconds] of cpuSecondsByPid(names)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** One load round against a server whose process is `serverPid`, with both sides' CPU use. */
export async function round(serverPid: number, options: LoadOptions): Promise<Round> {
  const serverBefore = cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  const result = await runLoad(options);
  const server = cpuSeconds(serverPid) - serverBefore;
  const client = process.cpuUsage(clientBefore);
  return {
    result,
    rate: result.rate,
    serverCpu: server / result.seconds,
    clientCpu: (client.user + client.system) / 1e6 / result.seconds,
    perCpuSecond: server > 0 ? result.total / server : NaN,
  };
}

/** Answers with a status other than the expected ones. */
export function unexpectedStatuses(result: LoadResult, expected: number[]): number {
  let count = 0;
  for (const [status, n] of result.statuses) if (!expected.includes(status)) count += n;
  return count;
}
