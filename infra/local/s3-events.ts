/**
 * Delivers s3rver's object events to the bucket's notification handlers the way S3 invokes
 * Lambda: asynchronously (the upload's response does not wait), one invocation per target, with
 * failures logged rather than surfaced to the uploader. `drain()` waits for invocations in flight
 * so the twin stops cleanly.
 */
import type { S3Event } from 'aws-lambda';
import { lambdaContext } from './events';
import { s3EventTargets } from './handlers';

export interface S3EventDispatcher {
  dispatch: (event: S3Event) => void;
  drain: () => Promise<void>;
}

export function createS3EventDispatcher(log: (line: string) => void): S3EventDispatcher {
  const inFlight = new Set<Promise<void>>();
  return {
    dispatch: (event) => {
      for (const target of s3EventTargets(event)) {
        const run = (async () => {
          const { handler } = await target.load();
          await handler(event, lambdaContext(target.name));
        })()
          .catch((error: unknown) => log(`S3 event handler ${target.name} failed: ${error instanceof Error ? error.stack : String(error)}`))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
    },
    drain: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
