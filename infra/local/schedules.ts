/**
 * The twin's stand-in for EventBridge Scheduler (issue 5 item 3): a timer per schedule of the
 * synthesized stack that invokes the schedule's target function with the schedule's input, its
 * `<aws.scheduler.scheduled-time>` filled in as the Scheduler does. The blog drafts schedule runs
 * every BLOG_DRAFTS_INTERVAL_SECONDS (default 300; 0 turns it off) instead of hourly, so a
 * developer sees drafts without waiting; the social token refresh runs at its schedule's rate
 * unless SOCIAL_TOKENS_INTERVAL_SECONDS says otherwise (0 turns it off; the tests run it often), and
 * the publishing sweep (issue 13) at its schedule's rate (5 minutes) unless
 * PUBLISHING_SWEEP_INTERVAL_SECONDS says otherwise (0 turns it off). A run never overlaps the
 * previous one; failures are logged and the timer keeps going; `stop()` clears the timers and waits
 * for a run in flight.
 *
 * The schedules the functions create at run time (issue 13: one-time schedules of posts) are the AWS
 * gateway's local EventBridge Scheduler (./aws-gateway/scheduler.ts); it delivers their events
 * through `createAsyncInvoker` below, Lambda's asynchronous invocation.
 */
import { fillContextAttributes } from './aws-gateway/scheduler-model';
import type { DeployedSchedule } from './deployment/template';

export const BLOG_DRAFTS_INTERVAL_ENV = 'BLOG_DRAFTS_INTERVAL_SECONDS';
export const DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS = 300;
export const SOCIAL_TOKENS_INTERVAL_ENV = 'SOCIAL_TOKENS_INTERVAL_SECONDS';
/** The function the blog drafts schedule targets. */
const BLOG_DRAFTS_FUNCTION = 'blogDrafts';
/** The function the social token refresh schedule targets. */
const SOCIAL_TOKENS_FUNCTION = 'socialTokens';
export const PUBLISHING_SWEEP_INTERVAL_ENV = 'PUBLISHING_SWEEP_INTERVAL_SECONDS';
/**
 * The twin Scheduler's first retry delay in ms (default 1000, as `retryBaseDelayMs`): the tests
 * shorten it so that a schedule's retries and dead letter are seen in well under a second.
 */
export const SCHEDULER_RETRY_BASE_ENV = 'SCHEDULER_RETRY_BASE_MS';

/** The retry base delay `env` sets (a positive whole number of ms), else undefined (the Scheduler's default). */
export function schedulerRetryBaseMs(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = Number(env[SCHEDULER_RETRY_BASE_ENV]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
/** The function the publishing sweep schedule targets. */
const PUBLISHING_SWEEP_FUNCTION = 'publishingSweep';
/** Issue 17 item 2: the data-rights sweep (resumes deletions, enforces retention); hourly unless DATA_RIGHTS_INTERVAL_SECONDS says otherwise (0 = off). */
export const DATA_RIGHTS_INTERVAL_ENV = 'DATA_RIGHTS_INTERVAL_SECONDS';
const DATA_RIGHTS_FUNCTION = 'dataRights';

export interface ScheduledJob {
  /** The target function's name. */
  name: string;
  intervalMs: number;
  /** The target input (JSON text, with the Scheduler's placeholders). */
  input: string;
  /** Invokes the target with one event; rejects when the invocation failed. */
  invoke: (event: unknown) => Promise<void>;
}

/** Seconds in `env[name]` (whole, at most 7 digits) as ms, else `fallbackMs`. */
function intervalFromEnv(env: Record<string, string | undefined>, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  return raw && /^\d{1,7}$/.test(raw) ? Number(raw) * 1000 : fallbackMs;
}

/** The interval of the blog drafts timer from `env`, in ms (0 = off). */
export function blogDraftsIntervalMs(env: Record<string, string | undefined> = process.env): number {
  return intervalFromEnv(env, BLOG_DRAFTS_INTERVAL_ENV, DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS * 1000);
}

/** The interval of a job's timer, in ms: the twin's override for the blog drafts, social tokens and publishing sweep jobs, else the schedule's rate. */
function jobIntervalMs(name: string, expression: string, env: Record<string, string | undefined>): number {
  if (name === BLOG_DRAFTS_FUNCTION) return blogDraftsIntervalMs(env);
  if (name === SOCIAL_TOKENS_FUNCTION) return intervalFromEnv(env, SOCIAL_TOKENS_INTERVAL_ENV, rateMs(expression));
  if (name === PUBLISHING_SWEEP_FUNCTION) return intervalFromEnv(env, PUBLISHING_SWEEP_INTERVAL_ENV, rateMs(expression));
  if (name === DATA_RIGHTS_FUNCTION) return intervalFromEnv(env, DATA_RIGHTS_INTERVAL_ENV, rateMs(expression));
  return rateMs(expression);
}

/** Milliseconds of a `rate(N unit)` expression; 0 (off) for cron and at expressions. */
export function rateMs(expression: string): number {
  const match = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return 0;
  const unit = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[match[2]?.replace(/s$/, '') as 'minute' | 'hour' | 'day'];
  return Number(match[1]) * unit;
}

/** The twin's jobs for the stack's schedules; `invoke(name, event)` runs a function and rejects on failure. */
export function scheduledJobs(
  schedules: readonly DeployedSchedule[],
  functionName: (logicalId: string) => string | undefined,
  invoke: (name: string, event: unknown) => Promise<void>,
  env: Record<string, string | undefined> = process.env,
): ScheduledJob[] {
  return schedules.flatMap((schedule) => {
    const name = functionName(schedule.functionLogicalId);
    if (!name) return [];
    const intervalMs = jobIntervalMs(name, schedule.expression, env);
    return [{ name, intervalMs, input: schedule.input, invoke: (event: unknown) => invoke(name, event) }];
  });
}

/** The event of one run at `now`: the input with the scheduled time filled in. */
export function scheduleEvent(input: string, now: Date): unknown {
  // The Scheduler's <aws.scheduler.scheduled-time> has whole seconds: 2022-03-22T18:59:43Z.
  const time = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return JSON.parse(fillContextAttributes(input, { scheduledTime: time }));
}

export interface ScheduleTimers {
  stop: () => Promise<void>;
}

/** Starts one timer per job with a positive interval (see the module header). */
export function startScheduleTimers(jobs: ScheduledJob[], log: (line: string) => void, clock: () => Date = () => new Date()): ScheduleTimers {
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    if (job.intervalMs <= 0) continue;
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const run = job
        .invoke(scheduleEvent(job.input, clock()))
        .catch((error: unknown) => log(`Scheduled job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** Delays of Lambda's retries of an asynchronous invocation whose function failed (AWS: about 1 and 2 minutes). */
export const ASYNC_RETRY_DELAYS_MS = [1000, 2000] as const;

export interface AsyncInvoker {
  /**
   * Lambda's asynchronous Invoke of the function `functionArn` names (`arn:aws:lambda:<region>:<account>:function:<id>[:qualifier]`,
   * the id being the template's logical id or the twin's name): resolves once the event is
   * accepted; rejects with an Error named ResourceNotFoundException when there is no such function.
   */
  invoke(functionArn: string, event: unknown): Promise<void>;
  /** Waits for accepted events still running; an event waiting for a retry is dropped instead. */
  drain(): Promise<void>;
}

/**
 * Lambda's asynchronous invocation, as EventBridge Scheduler invokes Lambda targets: the event is
 * accepted at once and runs in the background; a function error is retried twice by Lambda (after
 * ASYNC_RETRY_DELAYS_MS, shorter than AWS's minutes), then dropped and logged (the functions have
 * no on-failure destination). `resolve` maps the ARN's function id to the twin's name, or undefined.
 */
export function createAsyncInvoker(
  resolve: (functionId: string) => string | undefined,
  invoke: (name: string, event: unknown) => Promise<void>,
  log: (line: string) => void,
  retryDelaysMs: readonly number[] = ASYNC_RETRY_DELAYS_MS,
): AsyncInvoker {
  const running = new Set<Promise<void>>();
  const wakers = new Set<() => void>();
  let draining = false;
  /** Waits `ms`, or less when drain() starts. */
  const wait = (ms: number) =>
    new Promise<void>((done) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        done();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  const run = async (name: string, event: unknown) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await invoke(name, event);
        return;
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        const delay = retryDelaysMs[attempt];
        if (delay === undefined || draining) {
          log(`Asynchronous invocation of ${name} failed ${attempt + 1} times, the event is dropped: ${detail}`);
          return;
        }
        log(`Asynchronous invocation of ${name} failed, Lambda retries in ${delay} ms: ${detail}`);
        await wait(delay);
        if (draining) return;
      }
    }
  };
  return {
    invoke: async (functionArn, event) => {
      const id = /:function:([^:]+)/.exec(functionArn)?.[1];
      const name = id === undefined ? undefined : resolve(id);
      if (!name) throw Object.assign(new Error(`Function not found: ${functionArn}`), { name: 'ResourceNotFoundException' });
      const task = run(name, event).finally(() => running.delete(task));
      running.add(task);
    },
    drain: async () => {
      draining = true;
      for (const wake of [...wakers]) wake();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
