/**
 * The twin's Lambda service (issue 10 item 1): runs each deployed function's bundle in execution
 * environments of its own, as Lambda does. An environment is a worker thread
 * (./lambda-worker.mjs) with the function's environment variables as its whole `process.env`, a
 * heap limit from the function's memory size, and the bundle imported once (init) and reused by
 * later invocations, one at a time. Concurrent invocations get more environments (up to
 * MAX_ENVIRONMENTS per function, then they wait); an environment idle for IDLE_MS is retired, so
 * the next call is a cold start again. An invocation that outlives the function's timeout ends
 * its environment (Lambda's "Task timed out"); an init failure or a crash is reported as the
 * invocation's error and the next invocation starts a fresh environment. Nothing a function does
 * can stop the twin. What a function writes to stdout and stderr reaches the twin's console and,
 * with `logFile`, is appended to that file as well (the twin's stand-in for the CloudWatch log
 * group: `<state dir>/logs/<function>.log`).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lambda-worker.mjs');
/** Concurrent environments of one function before invocations queue. */
export const MAX_ENVIRONMENTS = 6;
/** An idle environment is retired after this long (Lambda reclaims idle environments too). */
export const IDLE_MS = 10 * 60 * 1000;

/** A line of Powertools metrics in CloudWatch's embedded metric format. */
const isEmfLine = (line: string) => line.startsWith('{"_aws":');

/** A function as the twin runs it: code, handler and the complete environment of its workers. */
export interface HostedFunction {
  name: string;
  codeDir: string;
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  arn: string;
  logGroupName: string;
  /** Where the environments' output is also appended (absent: console only). */
  logFile?: string;
}

/** What the Lambda runtime reports about a failed invocation. */
export interface FunctionError {
  errorType: string;
  errorMessage: string;
  trace: string[];
}

export type InvokeOutcome =
  | { ok: true; result: unknown; requestId: string; coldStart: boolean }
  /** `init`: the bundle threw while loading (or has no handler); `timeout`: it outlived its timeout; `crash`: the environment died. */
  | { ok: false; kind: 'init' | 'error' | 'timeout' | 'crash'; error: FunctionError; requestId: string };

type WorkerMessage =
  | { type: 'ready'; initMs: number }
  | { type: 'initError'; error: FunctionError }
  | { type: 'result'; id: string; result: unknown }
  | { type: 'error'; id: string; error: FunctionError };

/** One execution environment: a worker that is initializing, idle or busy with one invocation. */
class Environment {
  readonly worker: Worker;
  readonly ready: Promise<FunctionError | null>;
  busy = false;
  dead = false;
  lastUsed = Date.now();
  private pending?: { id: string; settle: (message: WorkerMessage | { type: 'crash'; error: FunctionError }) => void };

  constructor(fn: HostedFunction) {
    this.worker = new Worker(WORKER, {
      workerData: { codeDir: fn.codeDir, handler: fn.handler, functionName: fn.name, memoryMb: fn.memoryMb, functionArn: fn.arn, logGroupName: fn.logGroupName },
      env: fn.environment,
      // No loaders of the twin's own process (tsx): the bundle runs as plain Node.js, as in Lambda.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: fn.memoryMb },
      ...(fn.logFile ? { stdout: true, stderr: true } : {}),
    });
    if (fn.logFile) this.teeOutput(fn.logFile);
    this.ready = new Promise((resolve) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'ready') resolve(null);
        else if (message.type === 'initError') resolve(message.error);
        else if ((message.type === 'result' || message.type === 'error') && this.pending?.id === message.id) this.pending.settle(message);
      };
      this.worker.on('message', onMessage);
      const died = (error: FunctionError) => {
        this.dead = true;
        resolve(error);
        this.pending?.settle({ type: 'crash', error });
      };
      this.worker.on('error', (error) => died({ errorType: 'Runtime.ExitError', errorMessage: error.message, trace: String(error.stack ?? '').split('\n') }));
      this.worker.on('exit', (code) => died({ errorType: 'Runtime.ExitError', errorMessage: `RequestId: unknown Error: Runtime exited with error: exit status ${code}`, trace: [] }));
    });
    // After the listeners (adding a 'message' listener refs the port again): an environment never
    // keeps the twin's process alive by itself.
    this.worker.unref();
  }

  /** Runs one invocation; resolves with the worker's answer, a crash, or a timeout. */
  run(event: unknown, requestId: string, timeoutMs: number): Promise<WorkerMessage | { type: 'crash' | 'timeout'; error: FunctionError }> {
    const id = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.kill();
        resolve({ type: 'timeout', error: { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`, trace: [] } });
      }, timeoutMs);
      this.pending = {
        id,
        settle: (message) => {
          clearTimeout(timer);
          this.pending = undefined;
          resolve(message);
        },
      };
      this.worker.postMessage({ type: 'invoke', id, event, requestId, deadline: Date.now() + timeoutMs });
    });
  }

  /**
   * Sends the worker's output to the console, as by default, and appends it to `file`; the
   * metrics' embedded-metric-format lines go to the file only (CloudWatch turns them into metrics;
   * on the console they were hundreds of lines of noise per test run).
   */
  private teeOutput(file: string): void {
    mkdirSync(path.dirname(file), { recursive: true });
    const log = createWriteStream(file, { flags: 'a' });
    let partial = '';
    this.worker.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      const shown = lines.filter((line) => !isEmfLine(line));
      if (shown.length > 0) process.stdout.write(`${shown.join('\n')}\n`);
    });
    this.worker.stdout.once('end', () => {
      if (partial && !isEmfLine(partial)) process.stdout.write(partial);
    });
    this.worker.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      log.write(chunk);
    });
    this.worker.once('exit', () => log.end());
  }

  kill(): void {
    this.dead = true;
    void this.worker.terminate();
  }
}

/** The environments of one function, created on demand. */
class FunctionPool {
  private readonly environments = new Set<Environment>();
  private readonly waiting: (() => void)[] = [];
  /** Set when a new build replaced this one: environments end as soon as they are free. */
  private retired = false;

  constructor(readonly fn: HostedFunction) {}

  async invoke(event: unknown, requestId: string): Promise<InvokeOutcome> {
    const { environment, cold } = await this.acquire();
    try {
      const initError = await environment.ready;
      if (initError) {
        environment.kill();
        return { ok: false, kind: environment.dead && initError.errorType === 'Runtime.ExitError' ? 'crash' : 'init', error: initError, requestId };
      }
      const answer = await environment.run(event, requestId, this.fn.timeoutSeconds * 1000);
      if (answer.type === 'result') return { ok: true, result: answer.result, requestId, coldStart: cold };
      if (answer.type === 'error') return { ok: false, kind: 'error', error: answer.error, requestId };
      if (answer.type === 'timeout') return { ok: false, kind: 'timeout', error: answer.error, requestId };
      return { ok: false, kind: 'crash', error: 'error' in answer ? answer.error : { errorType: 'Runtime.ExitError', errorMessage: 'environment ended', trace: [] }, requestId };
    } finally {
      this.release(environment);
    }
  }

  private async acquire(): Promise<{ environment: Environment; cold: boolean }> {
    for (;;) {
      for (const environment of this.environments) {
        if (environment.dead) this.environments.delete(environment);
        else if (!environment.busy) {
          environment.busy = true;
          return { environment, cold: false };
        }
      }
      if (this.environments.size < MAX_ENVIRONMENTS) {
        const environment = new Environment(this.fn);
        environment.busy = true;
        this.environments.add(environment);
        return { environment, cold: true };
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(environment: Environment): void {
    environment.busy = false;
    environment.lastUsed = Date.now();
    if (this.retired) environment.kill();
    if (environment.dead) this.environments.delete(environment);
    this.waiting.shift()?.();
  }

  /** Ends every environment, the busy ones once their invocation is over. */
  retire(): void {
    this.retired = true;
    this.retireIdle(Number.POSITIVE_INFINITY);
  }

  /** Retires environments idle since before `cutoff`. */
  retireIdle(cutoff: number): void {
    for (const environment of this.environments) {
      if (!environment.busy && environment.lastUsed < cutoff) {
        environment.kill();
        this.environments.delete(environment);
      }
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.environments].map((environment) => environment.worker.terminate().catch(() => undefined)));
    this.environments.clear();
  }
}

/** The twin's Lambda service: invoke functions by name; `replace` swaps in a new build. */
export class LambdaHost {
  private pools = new Map<string, FunctionPool>();
  private readonly reaper: ReturnType<typeof setInterval>;

  constructor(functions: HostedFunction[]) {
    this.replace(functions);
    this.reaper = setInterval(() => {
      const cutoff = Date.now() - IDLE_MS;
      for (const pool of this.pools.values()) pool.retireIdle(cutoff);
    }, 60_000);
    this.reaper.unref();
  }

  has(name: string): boolean {
    return this.pools.has(name);
  }

  /** The function's configuration (timeout, memory...), or undefined. */
  describe(name: string): HostedFunction | undefined {
    return this.pools.get(name)?.fn;
  }

  /** Invokes `name` with `event` (RequestResponse); never throws for what the function does. */
  invoke(name: string, event: unknown, requestId: string = randomUUID()): Promise<InvokeOutcome> {
    const pool = this.pools.get(name);
    if (!pool) return Promise.resolve({ ok: false, kind: 'init', error: { errorType: 'ResourceNotFoundException', errorMessage: `Function not found: ${name}`, trace: [] }, requestId });
    return pool.invoke(event, requestId);
  }

  /** Serves `functions` from now on; environments of the previous build end once idle. */
  replace(functions: HostedFunction[]): void {
    const previous = this.pools;
    this.pools = new Map(functions.map((fn) => [fn.name, new FunctionPool(fn)]));
    for (const pool of previous.values()) pool.retire();
  }

  async stop(): Promise<void> {
    clearInterval(this.reaper);
    await Promise.all([...this.pools.values()].map((pool) => pool.stop()));
  }
}
