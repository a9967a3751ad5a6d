/**
 * Issue 16 finding 5 (least privilege), proved the way the twin proves every call: the synthesized
 * stack's policies, read back by the twin's template reader, evaluated by the AWS gateway's IAM
 * evaluator on the requests the gateway maps (the local KMS's Decrypt/GenerateDataKey with their
 * encryption context, DynamoDB items with their leading keys, Bedrock and Polly).
 * - The secrets key opens only the kinds of secrets a function needs (kms:EncryptionContext:purpose):
 *   the public widget that answers opens AI keys, never the Gmail password or social tokens.
 * - Values sealed before purposes existed ({tenant, field} only) still open, by field, for the same kinds.
 * - A function that only touches tenant partitions cannot read a global one (dynamodb:LeadingKeys).
 * - obtenerCapacidades calls neither Bedrock nor Polly.
 * - API Gateway's credentials roles invoke the callables and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultKeyPolicy, type GatewayPrincipal } from '../../../../../../infra/local/aws-gateway';
import { dynamoAuthorizations } from '../../../../../../infra/local/aws-gateway/dynamodb';
import { PrincipalEvaluator } from '../../../../../../infra/local/aws-gateway/evaluate';
import { LocalKms } from '../../../../../../infra/local/aws-gateway/kms';
import type { AuthorizationRequest } from '../../../../../../infra/local/aws-gateway/types';
import { invokeDenied } from '../../../../../../infra/local/router';
import { TWIN_ACCOUNT_ID } from '../../../../../../infra/local/twin';
import { CALLABLE_NAMES } from '@director-ia/shared';
import { REGION, useTwinDeployment } from './support';

const KEY_ARN = `arn:aws:kms:${REGION}:${TWIN_ACCOUNT_ID}:key/00000000-0000-4000-8000-000000000001`;
const TABLE = 'director-ia';
const kms = new LocalKms(KEY_ARN, randomBytes(32), TWIN_ACCOUNT_ID, defaultKeyPolicy(TWIN_ACCOUNT_ID));

const twin = useTwinDeployment();
const evaluators = new Map<string, PrincipalEvaluator>();

function evaluatorOf(name: string): PrincipalEvaluator {
  let evaluator = evaluators.get(name);
  if (!evaluator) {
    const fn = twin.fnNamed(name);
    const principal: GatewayPrincipal = { name, roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/${fn.roleLogicalId}`, accessKeyId: 'AKIATEST', secretAccessKey: 'x', policies: fn.policies };
    evaluator = new PrincipalEvaluator(principal, TWIN_ACCOUNT_ID);
    evaluators.set(name, evaluator);
  }
  return evaluator;
}

/** Whether `name` may make every one of `requests`. */
async function allowed(name: string, requests: AuthorizationRequest[]): Promise<boolean> {
  const outcomes = await Promise.all(requests.map((request) => evaluatorOf(name).evaluate(request, REGION)));
  return outcomes.every((outcome) => outcome.allowed);
}

type Context = Record<string, string>;
/** The secret contexts of today's code: purpose, tenant, field. */
const AI_KEY: Context = { purpose: 'ai-key', tenant: 'u1', field: 'geminiApiKey' };
const GMAIL: Context = { purpose: 'gmail', tenant: 'u1', field: 'gmailAppPassword' };
const SOCIAL: Context = { purpose: 'social-token', tenant: 'u1', field: 'social:facebook:access' };
const VERIFIER: Context = { purpose: 'oauth-verifier', tenant: 'u1', field: 'oauth:abc:verifier' };
/** Sealed before issue 16: no purpose. */
const legacy = ({ purpose: _purpose, ...rest }: Context): Context => rest;

/** What the ESDK's KMS keyring asks KMS for when it seals with `context`. */
const seal = (context: Context) => kms.authorizations('GenerateDataKey', { KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: context });
/** What it asks when it opens a value sealed with `context`. */
function open(context: Context): AuthorizationRequest[] {
  const { CiphertextBlob } = JSON.parse(String(kms.handle('GenerateDataKey', { KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: context }).body)) as { CiphertextBlob: string };
  return kms.authorizations('Decrypt', { CiphertextBlob, EncryptionContext: context });
}

/** One item request on partition `pk` (PutItem names its Item, the others its Key). */
function item(operation: string, pk: string): AuthorizationRequest[] {
  const key = { pk: { S: pk }, sk: { S: 'x' } };
  return dynamoAuthorizations(`DynamoDB_20120810.${operation}`, { TableName: TABLE, ...(operation === 'PutItem' ? { Item: key } : { Key: key }) }, REGION, TWIN_ACCOUNT_ID);
}
const query = (pk: string) =>
  dynamoAuthorizations('DynamoDB_20120810.Query', { TableName: TABLE, KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': 'pk' }, ExpressionAttributeValues: { ':pk': { S: pk } } }, REGION, TWIN_ACCOUNT_ID);

describe('least privilege: the secrets key by purpose', () => {
  it.each([
    // The public widget that answers opens the brand's AI key, nothing else.
    ['enviarMensajeWidget', AI_KEY, true],
    ['enviarMensajeWidget', GMAIL, false],
    ['enviarMensajeWidget', SOCIAL, false],
    // The public lead form sends the owner's notice: the Gmail password only.
    ['registrarLeadWidget', GMAIL, true],
    ['registrarLeadWidget', AI_KEY, false],
    ['generarImagen', AI_KEY, true],
    ['generarImagen', GMAIL, false],
    ['publisher', SOCIAL, true],
    ['publisher', GMAIL, false],
    ['publisher', AI_KEY, false],
    ['publishingSweep', GMAIL, true],
    ['publishingSweep', SOCIAL, true],
    ['publishingSweep', AI_KEY, false],
    ['inboxWorker', AI_KEY, true],
    ['inboxWorker', GMAIL, true],
    ['inboxWorker', SOCIAL, true],
    ['inboxWorker', VERIFIER, false],
    ['completarOAuth', VERIFIER, true],
    // It opens the selected pages' tokens to subscribe them to the inbox webhooks (issue 14).
    ['completarOAuth', SOCIAL, true],
    ['completarOAuth', GMAIL, false],
    ['completarOAuth', AI_KEY, false],
    ['elegirDestinos', SOCIAL, true],
    ['elegirDestinos', VERIFIER, false],
    ['desconectarRed', SOCIAL, true],
    ['desconectarRed', AI_KEY, false],
    ['verCampana', SOCIAL, true],
    ['verCampana', GMAIL, false],
    // Issue 17: the account deletion revokes the social tokens; it opens nothing else.
    ['dataRights', SOCIAL, true],
    ['dataRights', GMAIL, false],
    ['dataRights', AI_KEY, false],
  ] as const)('%s opening %o: %s', async (name, context, expected) => {
    expect(await allowed(name, open(context))).toBe(expected);
  });

  it.each([
    ['guardarIntegraciones', AI_KEY, true],
    ['guardarIntegraciones', GMAIL, true],
    ['guardarIntegraciones', SOCIAL, false],
    ['initiateOAuth', VERIFIER, true],
    ['initiateOAuth', SOCIAL, false],
    ['completarOAuth', SOCIAL, true],
    ['completarOAuth', AI_KEY, false],
    ['socialTokens', SOCIAL, true],
    ['socialTokens', GMAIL, false],
    // A seal without a purpose is never allowed: every new value names its purpose.
    ['guardarIntegraciones', legacy(AI_KEY), false],
  ] as const)('%s sealing %o: %s', async (name, context, expected) => {
    expect(await allowed(name, seal(context))).toBe(expected);
  });

  it('never lets a sealing-only function open, nor an opening-only function seal', async () => {
    expect(await allowed('guardarIntegraciones', open(AI_KEY))).toBe(false);
    expect(await allowed('enviarMensajeWidget', seal(AI_KEY))).toBe(false);
  });

  it.each([
    ['generarImagen', legacy(AI_KEY), true],
    ['enviarMensajeWidget', legacy(AI_KEY), true],
    ['enviarMensajeWidget', legacy(GMAIL), false],
    ['enviarMensajeWidget', legacy(SOCIAL), false],
    ['registrarLeadWidget', legacy(GMAIL), true],
    ['registrarLeadWidget', legacy(AI_KEY), false],
    ['publisher', legacy(SOCIAL), true],
    ['publisher', legacy(GMAIL), false],
    // A legacy value claiming a purpose it is not (the field decides) does not open either.
    ['enviarMensajeWidget', { purpose: 'ai-key', tenant: 'u1', field: 'gmailAppPassword' }, false],
  ] as const)('%s opening a value sealed before purposes %o: %s', async (name, context, expected) => {
    expect(await allowed(name, open(context))).toBe(expected);
  });
});

describe('least privilege: tenant partitions (dynamodb:LeadingKeys)', () => {
  it.each(['listarLeads', 'obtenerConversacion', 'listarDocumentos', 'enviarMensajeWidget'])('%s reads its tenant partitions', async (name) => {
    expect(await allowed(name, query('user#u1'))).toBe(true);
    expect(await allowed(name, item('GetItem', 'user#u1'))).toBe(true);
  });

  it.each(['listarLeads', 'obtenerConversacion', 'listarDocumentos'])('%s cannot read a global partition', async (name) => {
    expect(await allowed(name, item('GetItem', 'slug#mi-marca'))).toBe(false);
    expect(await allowed(name, query('oauthState#abc'))).toBe(false);
  });

  it('lets the public widget touch only tenant partitions and its per-IP counters', async () => {
    expect(await allowed('enviarMensajeWidget', item('UpdateItem', 'widget#ip#abc'))).toBe(true);
    expect(await allowed('enviarMensajeWidget', item('GetItem', 'linkcode#abc'))).toBe(false);
    expect(await allowed('enviarMensajeWidget', item('PutItem', 'slug#mi-marca'))).toBe(false);
  });

  it('lets eliminarCuenta touch only tenant partitions and the account deletions\' (issue 17)', async () => {
    expect(await allowed('eliminarCuenta', item('PutItem', 'accountDeletion'))).toBe(true);
    expect(await allowed('eliminarCuenta', item('GetItem', 'user#u1'))).toBe(true);
    expect(await allowed('eliminarCuenta', item('DeleteItem', 'slug#mi-marca'))).toBe(false);
    expect(await allowed('solicitarExportacion', item('PutItem', 'accountDeletion'))).toBe(false);
  });

  it('keeps a batch to tenant partitions: one global key denies the whole batch', async () => {
    const batch = (pks: string[]) =>
      dynamoAuthorizations('DynamoDB_20120810.BatchGetItem', { RequestItems: { [TABLE]: { Keys: pks.map((pk) => ({ pk: { S: pk }, sk: { S: 'x' } })) } } }, REGION, TWIN_ACCOUNT_ID);
    expect(await allowed('eliminarLead', batch(['user#u1', 'user#u1']))).toBe(true);
    expect(await allowed('eliminarLead', batch(['user#u1', 'slug#x']))).toBe(false);
  });
});

describe('least privilege: AI services', () => {
  const invoke = (resource: string): AuthorizationRequest[] => [{ action: 'bedrock:InvokeModel', resource }];
  it('gives obtenerCapacidades neither Bedrock nor Polly', async () => {
    expect(await allowed('obtenerCapacidades', invoke(`arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-lite-v1:0`))).toBe(false);
    expect(await allowed('obtenerCapacidades', [{ action: 'polly:SynthesizeSpeech', resource: '*' }])).toBe(false);
  });

  it('limits Bedrock to the configured region and its geography', async () => {
    expect(await allowed('generarImagen', invoke(`arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-lite-v1:0`))).toBe(true);
    expect(await allowed('generarImagen', invoke(`arn:aws:bedrock:${REGION}:${TWIN_ACCOUNT_ID}:inference-profile/eu.amazon.nova-lite-v1:0`))).toBe(true);
    expect(await allowed('generarImagen', invoke('arn:aws:bedrock:eu-central-1::foundation-model/amazon.nova-lite-v1:0'))).toBe(true);
    expect(await allowed('generarImagen', invoke('arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0'))).toBe(false);
    expect(await allowed('generarImagen', invoke(`arn:aws:bedrock:us-east-1:${TWIN_ACCOUNT_ID}:inference-profile/us.amazon.nova-lite-v1:0`))).toBe(false);
  });
});

describe('API Gateway invokes the callables as their integration credentials role (infra/constructs/api.ts)', () => {
  it('the twin reads a credentials role on every callable route, and that role may invoke the route\'s function', async () => {
    const callableRoutes = twin.deployment.routes.filter((route) => route.path.startsWith('/api/'));
    expect(callableRoutes.length).toBe(CALLABLE_NAMES.length);
    for (const route of callableRoutes) {
      expect(route.credentials?.role.roleArn).toMatch(/^arn:aws:iam::000000000000:role\/ApiInvokeRole\d/);
      expect(await invokeDenied(route)).toBeUndefined();
    }
  });

  it('a role may not invoke a function outside its chunk, nor any other function of the stack', async () => {
    const callableRoutes = twin.deployment.routes.filter((route) => route.credentials);
    const [first] = callableRoutes;
    const other = callableRoutes.find((route) => route.credentials?.role.roleArn !== first?.credentials?.role.roleArn);
    expect(first && other).toBeTruthy();
    if (!first?.credentials || !other?.credentials) return;
    const webhook = twin.fnNamed('socialWebhook');
    for (const functionArn of [other.credentials.functionArn, `arn:aws:lambda:${REGION}:${TWIN_ACCOUNT_ID}:function:${webhook.logicalId}`]) {
      expect(await invokeDenied({ ...first, credentials: { ...first.credentials, functionArn } })).toMatch(/is not authorized to perform: lambda:InvokeFunction/);
    }
  });
});
