/**
 * The gateway's local Lambda Invoke API (issue 14: the webhook hands messages to the inbox worker):
 * through the real SDK client, an asynchronous invocation (`InvocationType: 'Event'`) of a function
 * by name or ARN is answered 202 and the function then runs with the payload; a run that fails is
 * retried twice (the twin's createAsyncInvoker, short delays here) and then dropped; IAM is
 * evaluated as lambda:InvokeFunction on the function's ARN and a missing grant is Lambda's
 * AccessDeniedException (403) with nothing run; an unknown function is ResourceNotFoundException;
 * RequestResponse is refused (501).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsyncInvoker } from '../../../../../infra/local/schedules';
import type { GatewayPrincipal } from '../../../../../infra/local/aws-gateway';
import { ACCOUNT, REGION, credentialsOf, harness, principal, rejection, type Harness } from './support';

const WORKER = 'DirectorIa-demo-inbox';
const WORKER_ARN = `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${WORKER}`;

/** What FunctionGrants gives a function declaring 'inbox:invokeWorker'. */
const webhook = principal('socialWebhook', [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: WORKER_ARN }]);
/** A grant on another function only. */
const other = principal('otraFuncion', [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: `${WORKER_ARN}-other` }]);

/** What the hosted "functions" received, by twin name; `failing` fails that many runs first. */
const runs: { name: string; event: unknown }[] = [];
const failing = new Map<string, number>();
const logs: string[] = [];
const hosted: Record<string, string> = { [WORKER]: 'inboxWorker', Broken: 'broken' };

let h: Harness;
const client = (p: GatewayPrincipal) => new LambdaClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 });
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
/** Waits until `condition` holds (at most 3 s). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 3000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  const invoker = createAsyncInvoker(
    (id) => hosted[id],
    async (name, event) => {
      runs.push({ name, event });
      const left = failing.get(name) ?? 0;
      if (left > 0) {
        failing.set(name, left - 1);
        throw new Error(`${name} failed`);
      }
    },
    (line) => logs.push(line),
    [20, 40],
  );
  h = await harness({ lambda: { invokeFunction: invoker.invoke } });
  for (const p of [webhook, other]) h.gateway.setPrincipal(p);
});
afterAll(() => h.stop());

describe('AWS gateway: local Lambda Invoke', () => {
  it('answers an asynchronous invocation by name 202, then runs the function with the payload, allowed by the exact ARN grant', async () => {
    runs.length = 0;
    const event = { uid: 'u1', conversationId: 'c1', messageId: 'm1' };
    const out = await client(webhook).send(new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: encode(event) }));
    expect(out.StatusCode).toBe(202);
    await until(() => runs.length === 1);
    expect(runs).toEqual([{ name: 'inboxWorker', event }]);
    expect(h.gateway.decisions().filter((d) => d.principal === 'socialWebhook').at(-1)).toMatchObject({ action: 'lambda:InvokeFunction', resource: WORKER_ARN, allowed: true });
  });

  it('accepts the function\'s ARN as FunctionName too', async () => {
    runs.length = 0;
    const out = await client(webhook).send(new InvokeCommand({ FunctionName: WORKER_ARN, InvocationType: 'Event', Payload: encode({ n: 2 }) }));
    expect(out.StatusCode).toBe(202);
    await until(() => runs.length === 1);
    expect(runs[0]).toEqual({ name: 'inboxWorker', event: { n: 2 } });
  });

  it('retries a failing run twice, as Lambda does, then drops the event', async () => {
    runs.length = 0;
    failing.set('inboxWorker', 5);
    const out = await client(webhook).send(new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: encode({ n: 3 }) }));
    expect(out.StatusCode).toBe(202);
    await until(() => logs.some((line) => line.includes('failed 3 times')));
    expect(runs.map((run) => run.event)).toEqual([{ n: 3 }, { n: 3 }, { n: 3 }]);
    failing.delete('inboxWorker');
  });

  it('runs a run that fails once again, and only until it succeeds', async () => {
    runs.length = 0;
    failing.set('inboxWorker', 1);
    await client(webhook).send(new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: encode({ n: 4 }) }));
    await until(() => runs.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toHaveLength(2);
  });

  it('answers a function without the grant Lambda\'s AccessDeniedException (403) and runs nothing', async () => {
    runs.length = 0;
    const error = await rejection(client(other).send(new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: encode({}) })));
    expect(error.name).toBe('AccessDeniedException');
    expect(error.$metadata.httpStatusCode).toBe(403);
    expect(error.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/otraFuncionRole/otraFuncion is not authorized to perform: lambda:InvokeFunction on resource: ${WORKER_ARN} because no identity-based policy allows the lambda:InvokeFunction action`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toEqual([]);
  });

  it('evaluates a qualified invocation on the qualified ARN (the grant on the unqualified one does not cover it)', async () => {
    const error = await rejection(client(webhook).send(new InvokeCommand({ FunctionName: WORKER, Qualifier: 'live', InvocationType: 'Event', Payload: encode({}) })));
    expect(error.name).toBe('AccessDeniedException');
    expect(h.gateway.decisions().at(-1)).toMatchObject({ resource: `${WORKER_ARN}:live`, allowed: false });
  });

  it('answers ResourceNotFoundException (404) for a function the twin does not host', async () => {
    const wide = principal('todo', [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:*` }]);
    h.gateway.setPrincipal(wide);
    const error = await rejection(client(wide).send(new InvokeCommand({ FunctionName: 'Nadie', InvocationType: 'Event', Payload: encode({}) })));
    expect(error.name).toBe('ResourceNotFoundException');
    expect(error.$metadata.httpStatusCode).toBe(404);
  });

  it('refuses a synchronous invocation (501): nothing in lambdas/ makes one', async () => {
    const error = await rejection(client(webhook).send(new InvokeCommand({ FunctionName: WORKER, Payload: encode({}) })));
    expect(error.$metadata.httpStatusCode).toBe(501);
    expect(error.message).toMatch(/asynchronous invocations only/);
  });
});
