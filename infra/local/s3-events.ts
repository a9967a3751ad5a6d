/**
 * Delivers s3rver's object events to the bucket's notification targets of the synthesized stack
 * the way S3 invokes Lambda: asynchronously (the upload's response does not wait), one invocation
 * per matching notification, with failures logged rather than surfaced to the uploader. (S3's
 * asynchronous invocations are retried twice by Lambda after a function error; the twin does not
 * retry.) `drain()` waits for invocations in flight so the twin stops cleanly.
 */
import type { S3Event } from 'aws-lambda';
import { notificationMatches, type S3Notification } from './deployment/template';

export interface S3EventDispatcher {
  dispatch: (event: S3Event) => void;
  drain: () => Promise<void>;
}

export interface S3EventTargets {
  notifications: readonly S3Notification[];
  functionName: (logicalId: string) => string | undefined;
  /** Invokes a function; rejects when the invocation failed. */
  invoke: (name: string, event: unknown) => Promise<void>;
}

/** The functions an S3 event goes to (by bucket, event name and decoded key). */
export function s3EventTargets(event: S3Event, targets: Pick<S3EventTargets, 'notifications' | 'functionName'>): string[] {
  const record = event.Records[0];
  if (!record) return [];
  const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
  return targets.notifications
    .filter((n) => notificationMatches(n, record.s3.bucket.name, record.eventName, key))
    .map((n) => targets.functionName(n.functionLogicalId))
    .filter((name): name is string => Boolean(name));
}

/** A dispatcher whose targets are read at each event (undefined while the twin starts). */
export function createS3EventDispatcher(targets: () => S3EventTargets | undefined, log: (line: string) => void): S3EventDispatcher {
  const inFlight = new Set<Promise<void>>();
  return {
    dispatch: (event) => {
      const current = targets();
      if (!current) return;
      for (const name of s3EventTargets(event, current)) {
        const run = current
          .invoke(name, event)
          .catch((error: unknown) => log(`S3 event handler ${name} failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
    },
    drain: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
