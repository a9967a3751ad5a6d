/**
 * The data-rights worker (issue 17 item 2; events in core/dataRights/worker.ts): invoked
 * asynchronously by solicitarExportacion (`export`) and eliminarCuenta (`deleteAccount`), and by
 * its EventBridge Scheduler schedule (`dataRights`, hourly in AWS, a timer in the twin) to resume
 * abandoned account deletions and enforce the owners' conversation retention. Every job is
 * idempotent, so Lambda's retries and overlapping schedule runs are harmless.
 */
import type { Context } from 'aws-lambda';
import { runDeletion, resumeDeletions } from '../core/dataRights/deletion';
import { runExport } from '../core/dataRights/export';
import { enforceRetention } from '../core/dataRights/retention';
import type { DataRightsEvent } from '../core/dataRights/worker';
import { logger } from '../platform/logger';

export const DATA_RIGHTS_JOB = 'dataRights';

export async function handler(event: DataRightsEvent, context?: Context): Promise<unknown> {
  if (context) logger.addContext(context);
  switch (event?.job) {
    case 'export':
      return { export: await runExport(event.uid, event.id) };
    case 'deleteAccount':
      return { deletion: await runDeletion(event.uid) };
    case 'dataRights': {
      logger.info('Data-rights sweep invoked', { scheduledTime: event.scheduledTime ?? null });
      const deletions = await resumeDeletions();
      const retention = await enforceRetention();
      return { deletions, retention };
    }
    default:
      logger.warn('Unknown data-rights event ignored');
      return { ignored: true };
  }
}
