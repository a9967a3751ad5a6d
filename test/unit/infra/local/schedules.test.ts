/**
 * The twin's scheduler (infra/local/schedules.ts; issue 5 item 3): the interval from
 * BLOG_DRAFTS_INTERVAL_SECONDS (default, invalid values, 0 = off) for the stack's blog drafts
 * schedule, other schedules at their rate; each tick invokes the target function with the
 * schedule's input, the Scheduler's time filled in; runs never overlap; failures are logged and
 * the timer goes on; stop() waits for the run in flight.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  blogDraftsIntervalMs,
  DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS,
  scheduledJobs,
  rateMs,
  scheduleEvent,
  startScheduleTimers,
  type ScheduledJob,
} from '../../../../infra/local/schedules';

/** The input of the stack's blog drafts schedule (infra/constructs/jobs.ts). */
const INPUT = '{"job":"blogDrafts","scheduledTime":"<aws.scheduler.scheduled-time>"}';

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

  it("runs the stack's schedules: the blog drafts one at the twin's interval, others at their rate, unknown targets not at all", async () => {
    const schedules = [
      { logicalId: 'S1', expression: 'rate(1 hour)', functionLogicalId: 'Drafts', input: INPUT },
      { logicalId: 'S2', expression: 'rate(5 minutes)', functionLogicalId: 'Other', input: '{}' },
      { logicalId: 'S3', expression: 'rate(1 day)', functionLogicalId: 'Gone', input: '{}' },
    ];
    const names: Record<string, string> = { Drafts: 'blogDrafts', Other: 'refreshTokens' };
    const invoked: [string, unknown][] = [];
    const jobs = scheduledJobs(schedules, (id) => names[id], async (name, event) => void invoked.push([name, event]), { BLOG_DRAFTS_INTERVAL_SECONDS: '7' });
    expect(jobs.map(({ name, intervalMs }) => ({ name, intervalMs }))).toEqual([
      { name: 'blogDrafts', intervalMs: 7000 },
      { name: 'refreshTokens', intervalMs: 300_000 },
    ]);
    await jobs[0]?.invoke({ job: 'x' });
    expect(invoked).toEqual([['blogDrafts', { job: 'x' }]]);
  });

  it.each([
    ['rate(1 hour)', 3_600_000],
    ['rate(5 minutes)', 300_000],
    ['rate(2 days)', 172_800_000],
    ['cron(0 8 * * ? *)', 0],
  ])('rateMs(%s) = %d', (expression, ms) => {
    expect(rateMs(expression)).toBe(ms);
  });
});

describe('scheduleEvent', () => {
  it("is the schedule's input with the Scheduler's time in whole seconds", () => {
    expect(scheduleEvent(INPUT, new Date('2025-06-02T08:00:01.234Z'))).toEqual({ job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:01Z' });
  });
});

describe('startScheduleTimers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-02T08:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function job(invoke: (event: unknown) => Promise<unknown>, intervalMs = 1000): ScheduledJob {
    return { name: 'blogDrafts', intervalMs, input: INPUT, invoke: async (event) => void (await invoke(event)) };
  }

  it('invokes the target every interval with the filled-in input', async () => {
    const seen: unknown[] = [];
    const timers = startScheduleTimers([job(async (event) => seen.push(event))], () => undefined);
    await vi.advanceTimersByTimeAsync(2500);
    expect(seen).toEqual([
      { job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:01Z' },
      { job: 'blogDrafts', scheduledTime: '2025-06-02T08:00:02Z' },
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
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Scheduled job blogDrafts failed: boom'));
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
