/**
 * The twin's scheduler (infra/local/schedules.ts; issue 5 item 3): the interval from
 * BLOG_DRAFTS_INTERVAL_SECONDS (default, invalid values, 0 = off); each tick invokes the job's
 * handler with the Scheduler's event shape and a Lambda context whose remaining time counts down
 * from the stack's timeout; runs never overlap; failures are logged and the timer goes on; stop()
 * waits for the run in flight.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import {
  BLOG_DRAFTS_TIMEOUT_MS,
  blogDraftsIntervalMs,
  DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS,
  scheduledJobs,
  scheduleEvent,
  startScheduleTimers,
  type ScheduledJob,
} from '../../../../infra/local/schedules';

describe('blogDraftsIntervalMs', () => {
  it.each([
    [undefined, DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS * 1000],
    ['60', 60_000],
    [' 5 ', 5000],
    ['0', 0],
    ['-3', DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS * 1000],
    ['diez', DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS * 1000],
  ])('BLOG_DRAFTS_INTERVAL_SECONDS=%j → %d ms', (value, ms) => {
    expect(blogDraftsIntervalMs({ BLOG_DRAFTS_INTERVAL_SECONDS: value })).toBe(ms);
  });

  it('schedules the blogDrafts handler module with the stack timeout', () => {
    const [job] = scheduledJobs({ BLOG_DRAFTS_INTERVAL_SECONDS: '7' });
    expect(job).toMatchObject({ name: 'blogDrafts', intervalMs: 7000, timeoutMs: BLOG_DRAFTS_TIMEOUT_MS });
  });
});

describe('scheduleEvent', () => {
  it("is the Scheduler's event: the job and the scheduled time in whole seconds", () => {
    expect(scheduleEvent('blogDrafts', new Date('2025-06-02T08:00:01.234Z'))).toEqual({ job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:01Z' });
  });
});

describe('startScheduleTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-02T08:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function job(handler: (event: { job: string; scheduledTime: string }, context: Context) => Promise<unknown>, intervalMs = 1000): ScheduledJob {
    return { name: 'blogDrafts', intervalMs, timeoutMs: 300_000, load: async () => ({ handler }) };
  }

  it('invokes the handler every interval with the event and a counting-down context', async () => {
    const seen: { event: unknown; remaining: number; name: string }[] = [];
    const timers = startScheduleTimers([job(async (event, context) => void seen.push({ event, remaining: context.getRemainingTimeInMillis(), name: context.functionName }))], () => undefined);
    await vi.advanceTimersByTimeAsync(2500);
    expect(seen).toEqual([
      { event: { job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:01Z' }, remaining: 300_000, name: 'blogDrafts' },
      { event: { job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:02Z' }, remaining: 300_000, name: 'blogDrafts' },
    ]);
    await timers.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(2);
  });

  it('never overlaps runs, logs failures and keeps going; stop() waits for the run in flight', async () => {
    const log = vi.fn();
    let runs = 0;
    let release: () => void = () => undefined;
    const handler = vi.fn(async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
      await new Promise<void>((resolve) => (release = resolve));
    });
    const timers = startScheduleTimers([job(handler)], log);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Scheduled job blogDrafts failed: Error: boom'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(handler).toHaveBeenCalledTimes(2);
    let stopped = false;
    const stopping = timers.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('starts nothing for an interval of 0', async () => {
    const handler = vi.fn(async () => undefined);
    const timers = startScheduleTimers([job(handler, 0)], () => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(handler).not.toHaveBeenCalled();
    await timers.stop();
  });
});
