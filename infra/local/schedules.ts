/**
 * The twin's stand-in for EventBridge Scheduler (issue 5 item 3): a timer that invokes the scheduled
 * job handlers with the event the CDK schedule sends (infra/constructs/jobs.ts
 * `BLOG_DRAFTS_EVENT`, with `scheduledTime` filled in as the Scheduler does) and a Lambda context.
 * The interval comes from env BLOG_DRAFTS_INTERVAL_SECONDS (default 300; 0 turns the timer off).
 * A run never overlaps the previous one; failures are logged and the timer keeps going; `stop()`
 * clears the timer and waits for a run in flight.
 */
import type { Context } from 'aws-lambda';
import { lambdaContext } from './events';

export const BLOG_DRAFTS_INTERVAL_ENV = 'BLOG_DRAFTS_INTERVAL_SECONDS';
export const DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS = 300;
/** The blogDrafts Lambda's timeout in the stack (infra/constructs/jobs.ts). */
export const BLOG_DRAFTS_TIMEOUT_MS = 5 * 60 * 1000;

type JobHandler = (event: { job: string; scheduledTime: string }, context: Context) => Promise<unknown>;

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** The Lambda's timeout in the stack: the context's remaining time counts down from it. */
  timeoutMs: number;
  load: () => Promise<{ handler: JobHandler }>;
}

/** The interval of the blog drafts timer from `env`, in ms (0 = off). */
export function blogDraftsIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env[BLOG_DRAFTS_INTERVAL_ENV]?.trim();
  const seconds = raw && /^\d{1,7}$/.test(raw) ? Number(raw) : DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS;
  return seconds * 1000;
}

/** The twin's scheduled jobs, as the CDK stack schedules them. */
export function scheduledJobs(env: Record<string, string | undefined> = process.env): ScheduledJob[] {
  return [
    {
      name: 'blogDrafts',
      intervalMs: blogDraftsIntervalMs(env),
      timeoutMs: BLOG_DRAFTS_TIMEOUT_MS,
      load: () => import('../../lambdas/events/blogDrafts') as Promise<{ handler: JobHandler }>,
    },
  ];
}

/** The event of one run of `job` at `now` (what the Scheduler delivers). */
export function scheduleEvent(job: string, now: Date): { job: string; scheduledTime: string } {
  // The Scheduler's <aws.scheduler.scheduled-time> has whole seconds: 2022-03-22T18:59:43Z.
  return { job, scheduledTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z') };
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
      const run = (async () => {
        const { handler } = await job.load();
        const deadline = Date.now() + job.timeoutMs;
        await handler(scheduleEvent(job.name, clock()), { ...lambdaContext(job.name), getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) });
      })()
        .catch((error: unknown) => log(`Scheduled job ${job.name} failed: ${error instanceof Error ? error.stack : String(error)}`))
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
