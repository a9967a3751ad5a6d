/**
 * Load figure: a signed-in profile read (`obtenerPerfil`) at 50 concurrent connections against the
 * twin, with autocannon; loopback only, bounded in time.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
}

export async function profileReadLoad(baseUrl: string, token: string, seconds = 10): Promise<LoadResult> {
  const result = await autocannon({
    url: `${baseUrl}/api/obtenerPerfil`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: null }),
    connections: 50,
    duration: seconds,
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, requests: result.requests.total, non2xx: result.non2xx };
}
