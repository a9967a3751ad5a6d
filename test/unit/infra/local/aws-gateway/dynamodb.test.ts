/**
 * The AWS gateway in front of DynamoDB, with the real SDK client: allowed calls reach the
 * emulator byte for byte, denied ones get DynamoDB's own AccessDeniedException and reach nothing.
 */
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { NodeHttp2Handler } from '@smithy/node-http-handler';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../../../../infra/local/dynamodb';
import { ACCOUNT, REGION, TABLE, TABLE_ARN, credentialsOf, harness, principal, rejection, type Harness } from './support';

const reader = principal('leerPerfil', [{ Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: [TABLE_ARN, `${TABLE_ARN}/index/*`] }]);
const writer = principal('guardarPerfil', [
  { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'], Resource: TABLE_ARN },
]);
/** May only touch items whose partition key is its own tenant's. */
const tenantScoped = principal('tenantScoped', [
  { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: TABLE_ARN, Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TENANT#t1*'] } } },
]);

let h: Harness;
const client = (p = writer) => new DynamoDBClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 });

beforeAll(async () => {
  h = await harness();
  for (const p of [reader, writer, tenantScoped]) h.gateway.setPrincipal(p);
});
afterAll(() => h.stop());
beforeEach(() => {
  h.dynamodb.received.length = 0;
});

describe('AWS gateway: DynamoDB', () => {
  it('forwards an allowed call unchanged (Host, headers, body bytes) and records the decision', async () => {
    h.dynamodb.reply = () => ({ headers: { 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify({ Item: { pk: { S: 'A' }, v: { N: '7' } } }) });
    const out = await client(reader).send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'A' }, sk: { S: 'B' } } }));
    expect(out.Item?.v?.N).toBe('7');
    const [received] = h.dynamodb.received;
    expect(received?.headers.host).toBe(new URL(h.gateway.url).host);
    expect(received?.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(received?.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${reader.accessKeyId}/\\d{8}/${REGION}/dynamodb/aws4_request`));
    expect(JSON.parse(received?.body.toString() ?? '')).toEqual({ TableName: TABLE, Key: { pk: { S: 'A' }, sk: { S: 'B' } } });
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'leerPerfil', action: 'dynamodb:GetItem', resource: TABLE_ARN, allowed: true });
  });

  it('passes raw headers (case, duplicates) and bytes through exactly', async () => {
    const body = Buffer.from('{"TableName":"app-table","Key":{"pk":{"S":"ñ"}}}  ');
    const { port } = new URL(h.gateway.url);
    const headers = [
      'Host', `127.0.0.1:${port}`,
      'X-Amz-Target', 'DynamoDB_20120810.GetItem',
      'Authorization', `AWS4-HMAC-SHA256 Credential=${reader.accessKeyId}/20250101/${REGION}/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc`,
      'X-Custom-Thing', 'one',
      'x-custom-thing', 'two',
      'Content-Type', 'application/x-amz-json-1.0',
      'Content-Length', String(body.byteLength),
    ];
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/?odd=1', headers, setHost: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const [received] = h.dynamodb.received;
    expect(received?.url).toBe('/?odd=1');
    expect(received?.body.equals(body)).toBe(true);
    // Everything the client sent, in order (the proxy's own connection header aside).
    const pairs = (raw: string[]) => raw.flatMap((v, i) => (i % 2 === 0 ? [`${v}: ${raw[i + 1]}`] : [])).filter((p) => !/^connection:/i.test(p));
    expect(pairs(received?.rawHeaders ?? [])).toEqual(pairs(headers));
  });

  it('denies PutItem without the grant: AccessDeniedException as DynamoDB words it, nothing forwarded', async () => {
    const error = await rejection(client(reader).send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'A' }, sk: { S: 'B' } } })));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AccessDeniedException');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/leerPerfilRole/leerPerfil is not authorized to perform: dynamodb:PutItem on resource: ${TABLE_ARN} because no identity-based policy allows the dynamodb:PutItem action`,
    );
    expect(h.dynamodb.received).toHaveLength(0);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'leerPerfil', action: 'dynamodb:PutItem', allowed: false });
    expect(h.logs.at(-1)).toContain('denied leerPerfil: dynamodb:PutItem');
  });

  it('answers the denial with the wire shape AWS uses', async () => {
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(h.gateway.url, {
        method: 'POST',
        headers: {
          'x-amz-target': 'DynamoDB_20120810.DeleteItem',
          authorization: `AWS4-HMAC-SHA256 Credential=${reader.accessKeyId}/20250101/${REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=x`,
        },
      }, (response) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ TableName: TABLE, Key: { pk: { S: 'A' }, sk: { S: 'B' } } }));
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(res.headers['x-amzn-errortype']).toBe('AccessDeniedException');
    expect(JSON.parse(res.body)).toEqual({
      __type: 'com.amazon.coral.service#AccessDeniedException',
      Message: `User: arn:aws:sts::${ACCOUNT}:assumed-role/leerPerfilRole/leerPerfil is not authorized to perform: dynamodb:DeleteItem on resource: ${TABLE_ARN} because no identity-based policy allows the dynamodb:DeleteItem action`,
    });
  });

  it('denies a whole TransactWriteItems when one item is not allowed', async () => {
    const doc = DynamoDBDocumentClient.from(client(writer));
    const transact = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk: 'A', sk: '1' } } },
        { ConditionCheck: { TableName: TABLE, Key: { pk: 'A', sk: '0' }, ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: TABLE, Key: { pk: 'A', sk: '2' } } },
      ],
    });
    await expect(doc.send(transact)).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('dynamodb:DeleteItem') });
    expect(h.dynamodb.received).toHaveLength(0);
    expect(h.gateway.decisions().slice(-3).map((d) => [d.action, d.allowed])).toEqual([
      ['dynamodb:PutItem', true],
      ['dynamodb:ConditionCheckItem', true],
      ['dynamodb:DeleteItem', false],
    ]);
  });

  it('evaluates dynamodb:LeadingKeys from the item key', async () => {
    await client(tenantScoped).send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'TENANT#t1' }, sk: { S: 'X' } } }));
    await expect(client(tenantScoped).send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'TENANT#t2' }, sk: { S: 'X' } } }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(h.dynamodb.received).toHaveLength(1);
  });

  it('serves HTTP/2 clients on the same port (Bedrock runtime clients default to HTTP/2)', async () => {
    h.dynamodb.reply = () => ({ headers: { 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify({ Item: { v: { S: 'h2' } } }) });
    const h2 = new DynamoDBClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(reader), maxAttempts: 1, requestHandler: new NodeHttp2Handler() });
    const out = await h2.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'A' }, sk: { S: 'B' } } }));
    expect(out.Item?.v?.S).toBe('h2');
    expect(h.dynamodb.received[0]?.headers.host).toBe(new URL(h.gateway.url).host);
    expect(Object.keys(h.dynamodb.received[0]?.headers ?? {}).filter((name) => name.startsWith(':'))).toEqual([]);
    await expect(h2.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'A' } } }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    h2.destroy();
  });

  it('forwards calls signed with an unregistered key (the twin itself) without evaluating them', async () => {
    const before = h.gateway.decisions().length;
    const local = new DynamoDBClient({ endpoint: h.gateway.url, region: REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
    await local.send(new PutItemCommand({ TableName: 'anything', Item: { pk: { S: 'A' } } }));
    expect(h.dynamodb.received).toHaveLength(1);
    expect(h.gateway.decisions()).toHaveLength(before);
  });

  it('stops evaluating a principal once removed, and a replaced principal gets its new policies', async () => {
    const p = principal('cambiante', []);
    h.gateway.setPrincipal(p);
    const put = () => client(p).send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'A' } } }));
    await expect(put()).rejects.toMatchObject({ name: 'AccessDeniedException' });
    h.gateway.setPrincipal({ ...p, policies: [{ name: 'p', document: { Statement: [{ Effect: 'Allow', Action: 'dynamodb:PutItem', Resource: TABLE_ARN }] } }] });
    await put();
    h.gateway.setPrincipal(p);
    await expect(put()).rejects.toMatchObject({ name: 'AccessDeniedException' });
    h.gateway.removePrincipal(p.accessKeyId);
    await put();
    expect(h.dynamodb.received).toHaveLength(2);
  });
});
