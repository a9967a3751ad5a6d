/** twinPorts: PORT+n when free, another free port when taken, and that port kept on the next start. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isPortFree, twinPorts } from '../../../../infra/local/ports';

const servers: Server[] = [];
async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return server;
}
const release = (server: Server) => new Promise((resolve) => server.close(resolve));

afterEach(async () => {
  await Promise.all(servers.splice(0).map(release));
});

describe('twinPorts', () => {
  it('derives PORT+1…6 when they are free, without the mail port when there is no catcher', async () => {
    const web = await freePort();
    const free = await Promise.all([1, 2, 3, 4, 5, 6].map((offset) => isPortFree(web + offset)));
    const ports = await twinPorts(web, undefined, true);
    [ports.dynamodb, ports.cognito, ports.s3, ports.smtp, ports.aws, ports.sandbox].forEach((port, index) => {
      // Another process may hold PORT+n; then that part has some other port.
      if (free[index]) expect(port).toBe(web + index + 1);
      else expect(port).not.toBe(web + index + 1);
    });
    expect(await twinPorts(web, undefined, false)).not.toHaveProperty('smtp');
  });

  it('a part whose PORT+n is taken gets another port, and keeps it next time even once PORT+n is free', async () => {
    const web = await freePort();
    const squatter = await occupy(web + 3);
    const first = await twinPorts(web, undefined, true);
    expect(first.s3).not.toBe(web + 3);
    await release(squatter);
    expect(await twinPorts(web, first, true)).toEqual(first);
  });

  it('ignores the last ports when the web port changed', async () => {
    const web = await freePort();
    const previous = { web: web + 100, dynamodb: 1, cognito: 2, s3: 3 };
    const ports = await twinPorts(web, previous, false);
    expect([ports.dynamodb, ports.cognito, ports.s3]).not.toContain(3);
    expect(ports.web).toBe(web);
  });
});

describe('freePort', () => {
  it('draws free ports below the ephemeral range, where no outgoing connection can take PORT+n', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port + 6).toBeLessThan(low);
    }
    expect(await Promise.all(ports.map(isPortFree))).not.toContain(false);
  });
});
