// Loads one synthesized Lambda bundle in this fresh Node.js process, the way the Lambda runtime
// does (import of the handler module, then the handler export), and invokes it once with the event
// read from standard input. Prints one line `ARTEFACT-RESULT <json>`: the load time, whether the
// handler export exists, and the result or what was thrown. Used by test/integration/artefacts.test.ts.
// argv: <bundle dir> <handler setting, e.g. index.handler> <function name>
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [, , codeDir, handlerSetting, functionName] = process.argv;
const report = (value) => {
  process.stdout.write(`\nARTEFACT-RESULT ${JSON.stringify(value)}\n`);
  process.exit(0);
};
const describe = (error) => ({ name: error?.name ?? 'Error', message: String(error?.message ?? error) });

const dot = handlerSetting.lastIndexOf('.');
const started = performance.now();
let handler;
try {
  const module = await import(pathToFileURL(path.join(codeDir, `${handlerSetting.slice(0, dot)}.mjs`)).href);
  handler = module[handlerSetting.slice(dot + 1)];
} catch (error) {
  report({ stage: 'load', error: describe(error) });
}
const loadMs = performance.now() - started;
if (typeof handler !== 'function') report({ stage: 'handler', loadMs, error: { name: 'Runtime.HandlerNotFound', message: `${handlerSetting} is not a function` } });

const event = JSON.parse(readFileSync(0, 'utf8'));
const requestId = crypto.randomUUID();
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:eu-west-1:000000000000:function:${functionName}`,
  memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '512',
  awsRequestId: requestId,
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'artefact-test',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};
try {
  const result = await handler(event, context);
  report({ stage: 'invoke', loadMs, result: result ?? null });
} catch (error) {
  report({ stage: 'invoke', loadMs, error: describe(error) });
}
