/**
 * The gateway's own AdminUserGlobalSignOut (infra/local/aws-gateway/cognito.ts; issue 17): it asks
 * cognito-local (here a stand-in speaking its protocol) whether the user exists, answers Cognito's
 * empty success for a known user and passes cognito-local's error through for an unknown one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalSignOut } from '../../../../../infra/local/aws-gateway/cognito';

let server: Server;
let upstream: string;
const asked: { target: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Username?: string };
      asked.push({ target: req.headers['x-amz-target'] as string | undefined, body });
      if (body.Username === 'sub-conocido') {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ Username: 'sub-conocido' }));
      } else {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ __type: 'UserNotFoundException', message: 'User does not exist.' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('AdminUserGlobalSignOut in the twin', () => {
  it('answers {} for a user cognito-local knows, after asking it with AdminGetUser', async () => {
    const response = await globalSignOut(upstream, { UserPoolId: 'local_pool', Username: 'sub-conocido' });
    expect(response.status).toBe(200);
    expect(JSON.parse(String(response.body))).toEqual({});
    expect(asked.at(-1)).toEqual({ target: 'AWSCognitoIdentityProviderService.AdminGetUser', body: { UserPoolId: 'local_pool', Username: 'sub-conocido' } });
  });

  it("passes cognito-local's error through for an unknown user", async () => {
    const response = await globalSignOut(upstream, { UserPoolId: 'local_pool', Username: 'nadie' });
    expect(response.status).toBe(400);
    expect(JSON.parse(Buffer.from(response.body as Buffer).toString('utf8'))).toMatchObject({ __type: 'UserNotFoundException' });
  });
});
