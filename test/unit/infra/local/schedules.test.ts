/**
 * The twin's scheduler (infra/local/schedules.ts; issue 5 item 3): the interval from
 * BLOG_DRAFTS_INTERVAL_SECONDS (default, invalid values, 0 = off) for the stack's blog drafts
 * schedule, other schedules at their rate; each tick invokes the target function with the
 * schedule's input, the Scheduler's time filled in; runs never overlap; failures are logged and
 * the timer goes on; stop() waits for the run in flight. Lambda's asynchronous invocation, through
 * which the gateway's local EventBridge Scheduler reaches the functions (issue 13): accepted at
 * once, unknown functions refused, a function error retried twice then dropped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASYNC_RETRY_DELAYS_MS,
  blogDraftsIntervalMs,
  createAsyncInvoker,
  DEFAULT_BLOG_DRAFTS_INTERVAL_SECONDS,
  scheduledJobs,
  rateMs,
  scheduleEvent,
  schedulerRetryBaseMs,
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
    ['socialTokens', 'SOCIAL_TOKENS_INTERVAL_SECONDS', 'rate(15 minutes)', 900_000],
    ['publishingSweep', 'PUBLISHING_SWEEP_INTERVAL_SECONDS', 'rate(5 minutes)', 300_000],
    ['dataRights', 'DATA_RIGHTS_INTERVAL_SECONDS', 'rate(1 hour)', 3_600_000],
  ])('runs %s every %s seconds when set (0 = off), else at its rate', (name, variable, expression, rate) => {
    const schedules = [{ logicalId: 'S', expression, functionLogicalId: 'Fn', input: '{}' }];
    const interval = (env: Record<string, string>) => scheduledJobs(schedules, () => name, async () => undefined, env)[0]?.intervalMs;
    expect(interval({})).toBe(rate);
    expect(interval({ [variable]: '2' })).toBe(2000);
    expect(interval({ [variable]: '0' })).toBe(0);
    expect(interval({ [variable]: 'pronto' })).toBe(rate);
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

describe('schedulerRetryBaseMs', () => {
  it.each([
    [undefined, undefined],
    ['100', 100],
    ['0', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['pronto', undefined],
  ])('SCHEDULER_RETRY_BASE_MS=%s → %s (undefined: the Scheduler\'s 1 s default)', (value, expected) => {
    expect(schedulerRetryBaseMs(value === undefined ? {} : { SCHEDULER_RETRY_BASE_MS: value })).toBe(expected);
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

describe('createAsyncInvoker', () => {
  const ARN = 'arn:aws:lambda:eu-west-1:000000000000:function';
  const names: Record<string, string> = { PublisherFn1A2B3C: 'publisher', publisher: 'publisher' };
  const resolve = (id: string) => names[id];

  it('accepts the event at once and runs the function named by logical id or twin name, with a qualifier or not', async () => {
    const seen: [string, unknown][] = [];
    let release: () => void = () => undefined;
    const invoker = createAsyncInvoker(resolve, async (name, event) => {
      seen.push([name, event]);
      await new Promise<void>((done) => (release = done));
    }, () => undefined);
    await invoker.invoke(`${ARN}:PublisherFn1A2B3C`, { post: 1 });
    expect(seen).toEqual([['publisher', { post: 1 }]]);
    release();
    await invoker.invoke(`${ARN}:publisher:$LATEST`, { post: 2 });
    release();
    await invoker.drain();
    expect(seen).toEqual([
      ['publisher', { post: 1 }],
      ['publisher', { post: 2 }],
    ]);
  });

  it('refuses an ARN that names no function with ResourceNotFoundException (the Scheduler retries that)', async () => {
    const invoke = vi.fn(async () => undefined);
    const invoker = createAsyncInvoker(resolve, invoke, () => undefined);
    await expect(invoker.invoke(`${ARN}:Gone`, {})).rejects.toMatchObject({ name: 'ResourceNotFoundException', message: `Function not found: ${ARN}:Gone` });
    await expect(invoker.invoke('not-an-arn', {})).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('retries a failing function twice, as Lambda does, then drops the event and logs it', async () => {
    const log = vi.fn();
    const invoke = vi.fn(async () => {
      throw new Error('boom');
    });
    const invoker = createAsyncInvoker(resolve, invoke, log, [5, 10]);
    await expect(invoker.invoke(`${ARN}:publisher`, { post: 3 })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('failed 3 times, the event is dropped: boom')));
    expect(invoke).toHaveBeenCalledTimes(3);
    expect(ASYNC_RETRY_DELAYS_MS).toHaveLength(2);
  });

  it('drops an event waiting for a retry when drained, without waiting for the retry', async () => {
    const invoke = vi.fn(async () => {
      throw new Error('boom');
    });
    const invoker = createAsyncInvoker(resolve, invoke, () => undefined, [60_000]);
    await invoker.invoke(`${ARN}:publisher`, {});
    await vi.waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    const started = Date.now();
    await invoker.drain();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});
