/**
 * Load figure: a signed-in profile read (`obtenerPerfil`) at 50 concurrent connections against the
 * twin. autocannon runs as its own process so the load generator does not share the twin's event
 * loop; loopback only, bounded in time.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
}

const run = promisify(execFile);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export async function profileReadLoad(baseUrl: string, token: string, seconds = 10): Promise<LoadResult> {
  const { stdout } = await run(
    process.execPath,
    [
      autocannonBin,
      '--json',
      '--connections', '50',
      '--duration', String(seconds),
      '--method', 'POST',
      '--headers', 'content-type=application/json',
      '--headers', `authorization=Bearer ${token}`,
      '--body', JSON.stringify({ data: null }),
      `${baseUrl}/api/obtenerPerfil`,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as { latency: { p50: number; p99: number }; requests: { average: number; total: number }; non2xx: number };
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, requests: result.requests.total, non2xx: result.non2xx };
}

/**
 * The floor under that figure: raw GetItem calls of the same profile item straight to the twin's
 * DynamoDB Local at the same concurrency, with no router, token or handler in the way.
 */
export async function dynamoGetFloor(tableName: string, key: Record<string, string>, seconds = 5): Promise<LoadResult> {
  const { DynamoDBClient, GetItemCommand } = await import('@aws-sdk/client-dynamodb');
  const client = new DynamoDBClient({});
  const command = new GetItemCommand({ TableName: tableName, Key: Object.fromEntries(Object.entries(key).map(([k, v]) => [k, { S: v }])) });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        await client.send(command);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
  client.destroy();
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds, requests: latencies.length, non2xx: 0 };
}
