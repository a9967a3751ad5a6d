// One Lambda execution environment of the local twin (infra/local/runtime/environments.ts): a
// worker thread with its own module graph and its own process.env (the function's environment
// from the template), that imports the bundle once (the init phase) and then runs one invocation
// at a time, like the Lambda Node.js runtime. Plain JavaScript so it runs without tsx, as the
// bundle does in AWS.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const { codeDir, handler: handlerSetting, functionName, memoryMb, functionArn, logGroupName } = workerData;

/** Error → what the runtime reports (`errorType`, `errorMessage`, `trace`). */
function describe(error) {
  if (error instanceof Error) return { errorType: error.name, errorMessage: error.message, trace: String(error.stack ?? '').split('\n') };
  return { errorType: 'Error', errorMessage: String(error), trace: [] };
}

if (String(process.env.NODE_OPTIONS ?? '').includes('--enable-source-maps')) process.setSourceMapsEnabled(true);

let handler;
const initStart = performance.now();
try {
  const lastDot = handlerSetting.lastIndexOf('.');
  const moduleName = handlerSetting.slice(0, lastDot);
  const exportName = handlerSetting.slice(lastDot + 1);
  const file = ['.mjs', '.js', '.cjs'].map((ext) => path.join(codeDir, moduleName + ext)).find((candidate) => {
    try {
      return Boolean(process.getBuiltinModule('node:fs').statSync(candidate).isFile());
    } catch {
      return false;
    }
  });
  if (!file) throw Object.assign(new Error(`Cannot find module '${moduleName}'`), { name: 'Runtime.ImportModuleError' });
  const module = await import(pathToFileURL(file).href);
  handler = module[exportName];
  if (typeof handler !== 'function') throw Object.assign(new Error(`${handlerSetting} is undefined or not exported`), { name: 'Runtime.HandlerNotFound' });
  parentPort.postMessage({ type: 'ready', initMs: performance.now() - initStart });
} catch (error) {
  parentPort.postMessage({ type: 'initError', error: describe(error) });
}

/** The Lambda context object of one invocation. */
function contextOf(requestId, deadline) {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: functionArn,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName,
    logStreamName: `local/[$LATEST]${requestId.replace(/-/g, '').slice(0, 32)}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Runs the handler: async handlers return a promise; callback-style ones get a callback. */
function run(event, context) {
  return new Promise((resolve, reject) => {
    const callback = (error, result) => (error ? reject(error) : resolve(result));
    try {
      const returned = handler.length >= 3 ? handler(event, context, callback) : handler(event, context);
      if (returned && typeof returned.then === 'function') returned.then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

parentPort.on('message', async (message) => {
  if (message.type !== 'invoke') return;
  try {
    const result = await run(message.event, contextOf(message.requestId, message.deadline));
    parentPort.postMessage({ type: 'result', id: message.id, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (error) {
    parentPort.postMessage({ type: 'error', id: message.id, error: describe(error) });
  }
});
