/**
 * One port for HTTP/1.1 and cleartext HTTP/2. Most SDK clients speak HTTP/1.1, but some default to
 * HTTP/2 (`BedrockRuntimeClient` uses NodeHttp2Handler), which over `http://` means prior
 * knowledge: the connection starts with the preface `PRI * HTTP/2.0`. Each connection's first
 * bytes decide which server gets it.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import net, { type AddressInfo } from 'node:net';

export type AnyRequest = IncomingMessage | Http2ServerRequest;
export type AnyResponse = ServerResponse | Http2ServerResponse;

export interface DualServer {
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

const PREFACE = Buffer.from('PRI', 'latin1');

/** Listens on `port` (0 = any) at `host`, serving both protocols with `listener`. */
export async function listenHttp1And2(listener: (req: AnyRequest, res: AnyResponse) => void, port: number, host: string): Promise<DualServer> {
  const h1 = http.createServer(listener);
  h1.keepAliveTimeout = 65_000;
  const h2 = http2.createServer(listener);
  const sockets = new Set<net.Socket>();
  const sessions = new Set<ServerHttp2Session>();
  h2.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });

  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      // 'P' starts POST, PUT, PATCH as well: three bytes tell them apart.
      if (head.byteLength < PREFACE.byteLength && PREFACE.subarray(0, head.byteLength).equals(head)) return;
      socket.off('data', onData);
      socket.pause();
      socket.unshift(head);
      const target = head.subarray(0, PREFACE.byteLength).equals(PREFACE) ? h2 : h1;
      target.emit('connection', socket);
      process.nextTick(() => socket.resume());
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, host, () => {
      front.off('error', reject);
      resolve();
    });
  });

  return {
    port: (front.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        front.close((error) => (error ? reject(error) : resolve()));
        for (const session of sessions) session.destroy();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
