/**
 * The one door to AWS Lambda's Invoke API (issue 14): asynchronous invocations only
 * (`InvocationType: 'Event'`), as the webhook function hands a stored message to the inbox worker
 * and the sweep redelivers one. Lambda queues the event and answers 202 at once; it retries a
 * failed run twice (the worker is idempotent). The caller needs `lambda:InvokeFunction` on the
 * function (infra/functions.ts). The SDK loads on first use (cold starts of functions that never
 * invoke stay small). Throws the SDK's error when Lambda refuses (AccessDenied, not found) or the
 * answer is not 202.
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { loadOnce } from '../ai/lazy';

const loadSdk = loadOnce(() => import('@aws-sdk/client-lambda'));
let client: LambdaClient | undefined;

/** Queues `payload` (JSON) for function `functionName` (name or ARN). */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  const sdk = await loadSdk();
  client ??= new sdk.LambdaClient({});
  const answer = await client.send(new sdk.InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
  if (answer.StatusCode !== 202) throw new Error(`Lambda answered ${String(answer.StatusCode)} to an asynchronous invocation of ${functionName}`);
}
