/**
 * A local EventBridge Scheduler for one-time schedules (issue 13: each scheduled post fires at its
 * instant). It serves the REST-JSON calls of `@aws-sdk/client-scheduler` that the publishing code
 * makes: CreateSchedule (`POST /schedules/{Name}`), UpdateSchedule (`PUT`), GetSchedule (`GET`)
 * and DeleteSchedule (`DELETE`), with the group in the body or `?groupName=`. IAM is evaluated as
 * AWS does: `scheduler:<Operation>` on `arn:aws:scheduler:<region>:<account>:schedule/<group>/<name>`
 * and, for Create and Update, `iam:PassRole` on the target's role (`iam:PassedToService` =
 * scheduler.amazonaws.com). Errors have the service's shapes: ConflictException (409),
 * ResourceNotFoundException (404), ValidationException (400). rate()/cron() expressions and targets
 * other than Lambda functions are answered 501.
 *
 * Schedules are kept in `<stateDir>/schedules.json` (written on every change), so a restarted twin
 * keeps them; a delivery interrupted by a stop is made again at the next start (at least once).
 *
 * Firing follows EventBridge Scheduler:
 * - at its instant (`at()` read in ScheduleExpressionTimezone; one already past fires at once, a
 *   FLEXIBLE window fires at its start here), unless the schedule is DISABLED;
 * - the target gets the Input (JSON; `{}` when none) with the context attributes filled in
 *   (`<aws.scheduler.schedule-arn>`, `scheduled-time`, `execution-id`, `attempt-number`), through the
 *   `invokeFunction` callback, which stands for Lambda's asynchronous Invoke: it resolves when the
 *   event is accepted and rejects when it cannot be delivered;
 * - delivery is at least once: `duplicateNext()` (or the hook below) makes the next deliveries
 *   arrive twice, at once or after a delay, so tests can prove a target does its work once;
 * - an event that could not be delivered is retried with exponential backoff (from
 *   `retryBaseDelayMs`, doubling, at most 60 s apart) until MaximumRetryAttempts or
 *   MaximumEventAgeInSeconds (counted from the first attempt) is reached, then goes to the
 *   dead-letter queue when the target has one: the twin has no SQS, so dead letters are appended
 *   to `<stateDir>/dead-letters.jsonl` (body = the input sent, attributes ERROR_CODE,
 *   ERROR_MESSAGE, EXHAUSTED_RETRY_CONDITION, RETRY_ATTEMPTS, SCHEDULE_ARN, TARGET_ARN as AWS names
 *   them; the values are the twin's) and kept for `deadLetters()`;
 * - after completing (delivered, or given up), ActionAfterCompletion DELETE deletes the schedule;
 *   NONE keeps it, completed.
 * When the execution role is registered with `setRole`, a delivery is also evaluated as that role
 * calling lambda:InvokeFunction on the target (and sqs:SendMessage for a dead letter); roles not
 * registered are not checked, unless `onlyKnownRoles` (the twin: the template's roles that trust the
 * Scheduler) makes them fail. `setGroups` names the groups that exist (the twin: the template's).
 *
 * Twin-only hooks (JSON, unsigned, on the gateway's origin; for tests and developers):
 * - `GET /_twin/scheduler/schedules` → `{schedules: ScheduleView[]}`, every kept schedule with its
 *   `status` (`scheduled` waiting for its instant, `delivering`, `completed`);
 * - `GET /_twin/scheduler/deliveries` → `{deliveries: DeliveryRecord[]}` (latest 1000 attempts;
 *   `delivered` means the target accepted the event, as the Scheduler sees it, not that it ran);
 * - `GET /_twin/scheduler/dead-letters` → `{deadLetters: DeadLetter[]}`;
 * - `POST /_twin/scheduler/duplicates` `{count?: 1, delayMs?: 0}` → `{pending}`: the next `count`
 *   deliveries are made twice, the copy `delayMs` after the first;
 * - `POST /_twin/scheduler/schedules/{group}/{name}/fire` → 202 `{fired: true}`: fires it now
 *   (404 when there is no such schedule).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PrincipalEvaluator } from './evaluate';
import { accessDeniedMessage, ServiceError, type GatewayResponse } from './responses';
import {
  DEFAULT_GROUP,
  fillContextAttributes,
  groupOf,
  readDefinition,
  scheduleNameOf,
  schedulerError,
  wholeSecondsIso,
  type RetryPolicy,
  type ScheduleDefinition,
} from './scheduler-model';
import { UnmappedRequest, type AuthorizationRequest, type GatewayDecision, type GatewayPrincipal } from './types';

export { fillContextAttributes, type ContextAttributes } from './scheduler-model';

/** Path prefix of the twin-only hooks. */
export const SCHEDULER_HOOKS_PREFIX = '/_twin/scheduler/';
/** Longest wait between two delivery attempts. */
const MAX_RETRY_DELAY_MS = 60_000;
/** Longest setTimeout Node accepts; later instants are re-armed when it ends. */
const MAX_TIMER_MS = 2_147_483_647;
/** Delivery attempts kept for `deliveries()`. */
const MAX_DELIVERY_RECORDS = 1000;

type Body = Record<string, unknown>;

export interface SchedulerOptions {
  /** Folder of `schedules.json` and `dead-letters.jsonl`; unset = kept in memory only. */
  stateDir?: string;
  /**
   * Delivers an event to a Lambda function by ARN, as the Scheduler's asynchronous Invoke does:
   * resolves once the event is accepted, rejects (an Error whose `name` is the error code) when it
   * cannot be delivered. Unset: every delivery fails.
   */
  invokeFunction?: (functionArn: string, event: unknown) => Promise<void>;
  /** Fire from the start (default true); false: only after `start()` (the twin starts it once its functions run). */
  autoStart?: boolean;
  /** Schedule groups that exist besides `default`; unset: every group exists. */
  groups?: readonly string[];
  /**
   * Whether only registered execution roles (`setRole`) can be assumed: a delivery naming another
   * role fails as AWS's would for a role that does not exist or does not trust the Scheduler.
   * Default false: unregistered roles are not checked (the twin sets it, its roles come from the template).
   */
  onlyKnownRoles?: boolean;
  /** First retry delay in ms (doubling per retry, at most 60 s). Default 1000. */
  retryBaseDelayMs?: number;
}

/** A schedule as kept. */
interface StoredSchedule extends ScheduleDefinition {
  arn: string;
  createdMs: number;
  modifiedMs: number;
  /** Raised by every UpdateSchedule: a delivery begun for an older version stops. */
  version: number;
  status: 'scheduled' | 'delivering' | 'completed';
}

/** A schedule as the hooks show it. */
export interface ScheduleView {
  name: string;
  group: string;
  arn: string;
  expression: string;
  timezone: string;
  /** The instant it fires (ISO). */
  at: string;
  state: 'ENABLED' | 'DISABLED';
  status: StoredSchedule['status'];
  targetArn: string;
  roleArn: string;
  input?: string;
  retryPolicy: RetryPolicy;
  deadLetterArn?: string;
  actionAfterCompletion: 'NONE' | 'DELETE';
  created: string;
  modified: string;
}

/** One delivery attempt. */
export interface DeliveryRecord {
  scheduleArn: string;
  group: string;
  name: string;
  executionId: string;
  attempt: number;
  /** Whether this was the forced second copy of a delivery. */
  duplicate: boolean;
  outcome: 'delivered' | 'failed';
  error?: string;
  time: string;
}

/** A dead letter, as the SQS message would carry it. */
export interface DeadLetter {
  queueArn: string;
  /** The input the target was sent (JSON text). */
  body: string;
  attributes: Record<'ERROR_CODE' | 'ERROR_MESSAGE' | 'EXHAUSTED_RETRY_CONDITION' | 'RETRY_ATTEMPTS' | 'SCHEDULE_ARN' | 'TARGET_ARN', string>;
  time: string;
}

/** What a failed delivery attempt reports. */
interface Failure {
  code: string;
  message: string;
}

/** The operations served, by HTTP method on `/schedules/{Name}`. */
const OPERATIONS: Record<string, 'CreateSchedule' | 'UpdateSchedule' | 'GetSchedule' | 'DeleteSchedule'> = {
  POST: 'CreateSchedule',
  PUT: 'UpdateSchedule',
  GET: 'GetSchedule',
  DELETE: 'DeleteSchedule',
};

const json = (status: number, body: unknown): GatewayResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const notFound = (name: string) => schedulerError('ResourceNotFoundException', 404, `Schedule ${name} does not exist.`);

function errorOf(error: unknown): Failure {
  if (error instanceof Error) return { code: error.name && error.name !== 'Error' ? error.name : 'InternalServerException', message: error.message };
  return { code: 'InternalServerException', message: String(error) };
}

/** The local Scheduler: its API (authorizations, handle), its firing and the twin-only hooks. */
export class LocalScheduler {
  private readonly store = new Map<string, StoredSchedule>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private readonly roles = new Map<string, PrincipalEvaluator>();
  private readonly records: DeliveryRecord[] = [];
  private readonly letters: DeadLetter[] = [];
  private readonly duplicates = { remaining: 0, delayMs: 0 };
  /** The groups that exist besides `default` (`setGroups`); undefined: every group exists. */
  private groups: readonly string[] | undefined;
  private started = false;
  private stopped = false;

  constructor(
    private readonly region: string,
    private readonly accountId: string,
    private readonly options: SchedulerOptions,
    private readonly log: (line: string) => void,
    private readonly record: (decision: GatewayDecision) => void,
  ) {
    this.groups = options.groups;
    this.load();
    if (options.autoStart ?? true) this.start();
  }

  private get schedulesFile(): string | undefined {
    return this.options.stateDir && path.join(this.options.stateDir, 'schedules.json');
  }

  private get lettersFile(): string | undefined {
    return this.options.stateDir && path.join(this.options.stateDir, 'dead-letters.jsonl');
  }

  private load(): void {
    const file = this.schedulesFile;
    if (file && existsSync(file)) {
      try {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as { schedules: StoredSchedule[] };
        for (const schedule of saved.schedules) this.store.set(this.key(schedule.group, schedule.name), schedule);
      } catch (error) {
        throw new Error(`The local scheduler cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    const letters = this.lettersFile;
    if (letters && existsSync(letters)) {
      for (const line of readFileSync(letters, 'utf8').split('\n')) if (line.trim()) this.letters.push(JSON.parse(line) as DeadLetter);
    }
  }

  private persist(): void {
    const file = this.schedulesFile;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ schedules: [...this.store.values()] }, null, 2));
    renameSync(temporary, file);
  }

  private key(group: string, name: string): string {
    return `${group}/${name}`;
  }

  private arnOf(group: string, name: string): string {
    return `arn:aws:scheduler:${this.region}:${this.accountId}:schedule/${group}/${name}`;
  }

  private requireGroup(group: string): void {
    const { groups } = this;
    if (groups && group !== DEFAULT_GROUP && !groups.includes(group)) throw schedulerError('ResourceNotFoundException', 404, `Schedule group ${group} does not exist.`);
  }

  /** The operation, schedule name and group of a request (501 for what is not served). */
  private request(method: string, url: URL, body: Body) {
    const operation = OPERATIONS[method];
    if (!operation || !url.pathname.startsWith('/schedules/')) {
      throw new UnmappedRequest(`The local scheduler serves CreateSchedule, UpdateSchedule, GetSchedule and DeleteSchedule only (not ${method} ${url.pathname}).`, 501);
    }
    const name = scheduleNameOf(url.pathname);
    const writes = operation === 'CreateSchedule' || operation === 'UpdateSchedule';
    const definition = writes ? readDefinition(name, body) : undefined;
    const group = definition?.group ?? groupOf(url.searchParams.get('groupName'));
    return { operation, name, group, definition };
  }

  /**
   * The IAM authorizations of a request: `scheduler:<Operation>` on the schedule's ARN, plus
   * `iam:PassRole` on the target's role for Create and Update. Throws ValidationException for a
   * malformed request and UnmappedRequest (501) for what the twin does not serve.
   */
  authorizations(method: string, url: URL, body: Body): AuthorizationRequest[] {
    const { operation, name, group, definition } = this.request(method, url, body);
    const requests: AuthorizationRequest[] = [{ action: `scheduler:${operation}`, resource: this.arnOf(group, name) }];
    if (definition) requests.push({ action: 'iam:PassRole', resource: definition.target.RoleArn, context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    return requests;
  }

  /** Runs an (authorized) request; Scheduler errors become their REST-JSON answers. */
  handle(method: string, url: URL, body: Body): GatewayResponse {
    try {
      const { operation, name, group, definition } = this.request(method, url, body);
      this.requireGroup(group);
      const key = this.key(group, name);
      const existing = this.store.get(key);
      switch (operation) {
        case 'CreateSchedule':
        case 'UpdateSchedule':
          return json(200, { ScheduleArn: this.put(key, definition as ScheduleDefinition, existing, operation === 'CreateSchedule').arn });
        case 'GetSchedule':
          if (!existing) throw notFound(name);
          return json(200, this.describe(existing));
        case 'DeleteSchedule':
          if (!existing) throw notFound(name);
          this.remove(key);
          return json(200, {});
      }
    } catch (error) {
      if (error instanceof ServiceError) return error.response();
      throw error;
    }
  }

  /** Creates (ConflictException when it exists, unless the same ClientToken retries it) or replaces a schedule, and arms it. */
  private put(key: string, definition: ScheduleDefinition, existing: StoredSchedule | undefined, create: boolean): StoredSchedule {
    if (create && existing) {
      if (definition.clientToken && definition.clientToken === existing.clientToken) return existing;
      throw schedulerError('ConflictException', 409, `Schedule ${definition.name} already exists.`);
    }
    if (!create && !existing) throw notFound(definition.name);
    const now = Date.now();
    const schedule: StoredSchedule = {
      ...definition,
      ...(existing?.clientToken ? { clientToken: existing.clientToken } : {}),
      arn: this.arnOf(definition.group, definition.name),
      createdMs: existing?.createdMs ?? now,
      modifiedMs: now,
      version: (existing?.version ?? 0) + 1,
      status: 'scheduled',
    };
    this.store.set(key, schedule);
    this.persist();
    this.arm(key);
    return schedule;
  }

  private remove(key: string): void {
    this.disarm(key);
    this.store.delete(key);
    this.persist();
  }

  /** GetSchedule's answer (timestamps in epoch seconds). */
  private describe(s: StoredSchedule): Record<string, unknown> {
    return {
      Arn: s.arn,
      GroupName: s.group,
      Name: s.name,
      ScheduleExpression: s.expression,
      ScheduleExpressionTimezone: s.timezone,
      State: s.state,
      CreationDate: s.createdMs / 1000,
      LastModificationDate: s.modifiedMs / 1000,
      Target: s.target,
      FlexibleTimeWindow: s.flexibleTimeWindow,
      ActionAfterCompletion: s.actionAfterCompletion,
      ...(s.description !== undefined ? { Description: s.description } : {}),
      ...(s.startDate !== undefined ? { StartDate: s.startDate } : {}),
      ...(s.endDate !== undefined ? { EndDate: s.endDate } : {}),
      ...(s.kmsKeyArn !== undefined ? { KmsKeyArn: s.kmsKeyArn } : {}),
    };
  }

  private view(s: StoredSchedule): ScheduleView {
    return {
      name: s.name,
      group: s.group,
      arn: s.arn,
      expression: s.expression,
      timezone: s.timezone,
      at: new Date(s.atMs).toISOString(),
      state: s.state,
      status: s.status,
      targetArn: s.target.Arn,
      roleArn: s.target.RoleArn,
      ...(s.target.Input !== undefined ? { input: s.target.Input } : {}),
      retryPolicy: s.target.RetryPolicy,
      ...(s.target.DeadLetterConfig ? { deadLetterArn: s.target.DeadLetterConfig.Arn } : {}),
      actionAfterCompletion: s.actionAfterCompletion,
      created: new Date(s.createdMs).toISOString(),
      modified: new Date(s.modifiedMs).toISOString(),
    };
  }

  // ---- Firing ----

  /** Starts firing: every kept schedule is armed (past instants and interrupted deliveries at once). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const key of this.store.keys()) this.arm(key);
  }

  /** Stops firing: timers cleared, waits for deliveries in flight (a stopped delivery is made again at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const key of [...this.timers.keys()]) this.disarm(key);
    for (const wake of [...this.sleepers]) wake();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private disarm(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  /** Sets the timer of the schedule `key` (none when not started, disabled or completed). */
  private arm(key: string): void {
    this.disarm(key);
    const schedule = this.store.get(key);
    if (!schedule || !this.started || this.stopped || schedule.state === 'DISABLED' || schedule.status === 'completed') return;
    const { version } = schedule;
    const delay = Math.max(0, schedule.atMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (schedule.atMs > Date.now()) this.arm(key);
      else this.execute(key, version);
    }, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Whether `schedule` is still the kept version `version` (not deleted or replaced meanwhile). */
  private current(schedule: StoredSchedule, version: number): boolean {
    return this.store.get(this.key(schedule.group, schedule.name)) === schedule && schedule.version === version;
  }

  private execute(key: string, version: number): void {
    const schedule = this.store.get(key);
    if (!schedule || schedule.version !== version || this.stopped) return;
    this.disarm(key);
    schedule.status = 'delivering';
    this.persist();
    const run = this.deliver(schedule, version)
      .catch((error: unknown) => this.log(`[aws-gateway] scheduler: ${key} failed: ${errorOf(error).message}`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.sleepers.add(wake);
    });
  }

  /** One execution: attempts with retries per the retry policy, then completion or the dead letter. */
  private async deliver(schedule: StoredSchedule, version: number): Promise<void> {
    const executionId = randomUUID();
    const firstAttempt = Date.now();
    const policy = schedule.target.RetryPolicy;
    const base = this.options.retryBaseDelayMs ?? 1000;
    for (let attempt = 1; ; attempt += 1) {
      if (this.stopped || !this.current(schedule, version)) return;
      const input = fillContextAttributes(schedule.target.Input ?? '{}', {
        scheduleArn: schedule.arn,
        scheduledTime: wholeSecondsIso(schedule.atMs),
        executionId,
        attemptNumber: attempt,
      });
      const failure = await this.attempt(schedule, executionId, attempt, input);
      if (!failure) return this.complete(schedule, version, 'delivered');
      if (this.stopped || !this.current(schedule, version)) return;
      const retries = attempt - 1;
      const delay = Math.min(base * 2 ** retries, MAX_RETRY_DELAY_MS);
      let exhausted: string | undefined;
      if (retries >= policy.MaximumRetryAttempts) exhausted = 'MaximumRetryAttempts';
      else if (Date.now() + delay - firstAttempt >= policy.MaximumEventAgeInSeconds * 1000) exhausted = 'MaximumEventAgeInSeconds';
      if (exhausted) {
        await this.deadLetter(schedule, input, failure, exhausted, retries);
        return this.complete(schedule, version, 'given up');
      }
      await this.sleep(delay);
    }
  }

  /** One attempt (and its forced copy, if any); undefined when the event was delivered. */
  private async attempt(schedule: StoredSchedule, executionId: string, attempt: number, input: string): Promise<Failure | undefined> {
    const recordAttempt = (duplicate: boolean, failure?: Failure) => {
      this.records.push({
        scheduleArn: schedule.arn,
        group: schedule.group,
        name: schedule.name,
        executionId,
        attempt,
        duplicate,
        outcome: failure ? 'failed' : 'delivered',
        ...(failure ? { error: `${failure.code}: ${failure.message}` } : {}),
        time: new Date().toISOString(),
      });
      if (this.records.length > MAX_DELIVERY_RECORDS) this.records.splice(0, this.records.length - MAX_DELIVERY_RECORDS);
    };
    const send = async (duplicate: boolean): Promise<Failure | undefined> => {
      let failure: Failure | undefined;
      try {
        failure = await this.invoke(schedule, input);
      } catch (error) {
        failure = errorOf(error);
      }
      recordAttempt(duplicate, failure);
      return failure;
    };
    const copy = this.takeDuplicate();
    const second = copy === undefined ? undefined : (copy > 0 ? this.sleep(copy) : Promise.resolve()).then(() => send(true));
    const failure = await send(false);
    await second;
    const where = `${schedule.group}/${schedule.name}`;
    this.log(failure ? `[aws-gateway] scheduler: ${where} not delivered to ${schedule.target.Arn} (attempt ${attempt}): ${failure.code}` : `[aws-gateway] scheduler: ${where} delivered to ${schedule.target.Arn} (attempt ${attempt})`);
    return failure;
  }

  /** Parses the input, checks the registered execution role, and hands the event to `invokeFunction`. */
  private async invoke(schedule: StoredSchedule, input: string): Promise<Failure | undefined> {
    let event: unknown;
    try {
      event = JSON.parse(input);
    } catch {
      return { code: 'InvalidRequestContentException', message: 'Could not parse request body into json.' };
    }
    const denied = await this.roleDenies(schedule.target.RoleArn, 'lambda:InvokeFunction', schedule.target.Arn);
    if (denied) return { code: 'AccessDeniedException', message: denied };
    if (!this.options.invokeFunction) return { code: 'ServiceUnavailableException', message: 'The local scheduler has no Lambda to invoke.' };
    await this.options.invokeFunction(schedule.target.Arn, event);
    return undefined;
  }

  /** The AccessDenied message when the registered role `roleArn` may not do `action` on `resource`; undefined when allowed or not registered. */
  private async roleDenies(roleArn: string, action: string, resource: string): Promise<string | undefined> {
    const role = this.roles.get(roleArn);
    if (!role) return this.options.onlyKnownRoles ? `EventBridge Scheduler cannot assume ${roleArn}: it is not a role of the stack that trusts scheduler.amazonaws.com.` : undefined;
    const evaluation = await role.evaluate({ action, resource }, this.region);
    this.record({ principal: role.principal.name, action, resource: evaluation.resource, allowed: evaluation.allowed, time: Date.now() });
    return evaluation.allowed ? undefined : accessDeniedMessage(role.sessionArn, action, evaluation.resource, evaluation.outcome === 'ExplicitlyDenied');
  }

  private takeDuplicate(): number | undefined {
    if (this.duplicates.remaining <= 0) return undefined;
    this.duplicates.remaining -= 1;
    return this.duplicates.delayMs;
  }

  private async deadLetter(schedule: StoredSchedule, input: string, failure: Failure, condition: string, retries: number): Promise<void> {
    const where = `${schedule.group}/${schedule.name}`;
    const queueArn = schedule.target.DeadLetterConfig?.Arn;
    if (!queueArn) {
      this.log(`[aws-gateway] scheduler: ${where} given up after ${retries} retries (${failure.code}); no dead-letter queue, the event is dropped`);
      return;
    }
    const denied = await this.roleDenies(schedule.target.RoleArn, 'sqs:SendMessage', queueArn);
    if (denied) {
      this.log(`[aws-gateway] scheduler: ${where} dead letter lost: ${denied}`);
      return;
    }
    const letter: DeadLetter = {
      queueArn,
      body: input,
      attributes: {
        ERROR_CODE: failure.code,
        ERROR_MESSAGE: failure.message,
        EXHAUSTED_RETRY_CONDITION: condition,
        RETRY_ATTEMPTS: String(retries),
        SCHEDULE_ARN: schedule.arn,
        TARGET_ARN: schedule.target.Arn,
      },
      time: new Date().toISOString(),
    };
    this.letters.push(letter);
    const file = this.lettersFile;
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify(letter)}\n`);
    }
    this.log(`[aws-gateway] scheduler: ${where} given up after ${retries} retries (${failure.code}); dead letter for ${queueArn} in ${file ?? 'memory'}`);
  }

  private complete(schedule: StoredSchedule, version: number, outcome: string): void {
    if (!this.current(schedule, version)) return;
    const key = this.key(schedule.group, schedule.name);
    if (schedule.actionAfterCompletion === 'DELETE') {
      this.store.delete(key);
      this.log(`[aws-gateway] scheduler: ${key} ${outcome} and deleted (ActionAfterCompletion DELETE)`);
    } else schedule.status = 'completed';
    this.persist();
  }

  // ---- Control (tests, the twin) ----

  /** Sets the schedule groups that exist besides `default` (the twin: the synthesized stack's groups). */
  setGroups(groups: readonly string[]): void {
    this.groups = [...groups];
  }

  /** Registers a schedule execution role and its identity policies (deliveries are then evaluated as it). */
  setRole(role: { roleArn: string; policies: GatewayPrincipal['policies'] }): void {
    const name = /:role\/(?:.*\/)?([^/]+)$/.exec(role.roleArn)?.[1] ?? role.roleArn;
    this.roles.set(role.roleArn, new PrincipalEvaluator({ name, roleArn: role.roleArn, accessKeyId: '', secretAccessKey: '', policies: role.policies }, this.accountId));
  }

  /** Every kept schedule, soonest first. */
  schedules(): ScheduleView[] {
    return [...this.store.values()].sort((a, b) => a.atMs - b.atMs).map((s) => this.view(s));
  }

  deliveries(): readonly DeliveryRecord[] {
    return this.records;
  }

  deadLetters(): readonly DeadLetter[] {
    return this.letters;
  }

  /** The next `count` deliveries arrive twice, the copy `delayMs` after the first; returns how many are pending. */
  duplicateNext(count = 1, delayMs = 0): number {
    this.duplicates.remaining = count;
    this.duplicates.delayMs = delayMs;
    return count;
  }

  /** Fires the schedule now (as if its instant had come); false when there is no such schedule. */
  fire(group: string, name: string): boolean {
    const key = this.key(group, name);
    const schedule = this.store.get(key);
    if (!schedule) return false;
    this.execute(key, schedule.version);
    return true;
  }

  /** Serves a twin-only hook (see the module header). */
  hook(method: string, url: URL, raw: Buffer): GatewayResponse {
    const route = url.pathname.slice(SCHEDULER_HOOKS_PREFIX.length);
    let body: Body = {};
    try {
      const parsed: unknown = raw.byteLength > 0 ? JSON.parse(raw.toString('utf8')) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Body;
    } catch {
      return json(400, { error: 'The body is not JSON.' });
    }
    if (method === 'GET' && route === 'schedules') return json(200, { schedules: this.schedules() });
    if (method === 'GET' && route === 'deliveries') return json(200, { deliveries: this.deliveries() });
    if (method === 'GET' && route === 'dead-letters') return json(200, { deadLetters: this.deadLetters() });
    if (method === 'POST' && route === 'duplicates') {
      const count = body.count ?? 1;
      const delayMs = body.delayMs ?? 0;
      if (!Number.isInteger(count) || (count as number) < 0 || !Number.isInteger(delayMs) || (delayMs as number) < 0) {
        return json(400, { error: 'count and delayMs must be whole numbers, 0 or more.' });
      }
      return json(200, { pending: this.duplicateNext(count as number, delayMs as number) });
    }
    const fire = /^schedules\/([^/]+)\/([^/]+)\/fire$/.exec(route);
    if (method === 'POST' && fire) {
      const [group, name] = [fire[1] as string, fire[2] as string];
      return this.fire(group, name) ? json(202, { fired: true }) : json(404, { error: `No schedule ${group}/${name}.` });
    }
    return json(404, { error: `No twin hook ${method} ${url.pathname}.` });
  }
}
