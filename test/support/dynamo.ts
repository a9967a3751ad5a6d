/** Raw DynamoDB Local access for tests that must see what is stored (e.g. no plaintext secrets). */
import { LOCAL_TABLE } from '../../infra/local/twin';
import { rawTableAt } from './raw-table';
import type { TwinInfo } from './twin-global-setup';

/** The twin's table. */
export function rawTable(twin: TwinInfo) {
  if (!twin.dynamodbEndpoint) throw new Error('This twin does not expose its DynamoDB endpoint.');
  return rawTableAt(twin.dynamodbEndpoint, LOCAL_TABLE);
}
