/**
 * The request → IAM authorization table of the AWS gateway (action, resource, condition keys),
 * per service, and the evaluator's AWS-specific rules.
 */
import { describe, expect, it } from 'vitest';
import type { AuthorizationRequest } from '../../../../../../infra/local/aws-gateway';
import { dynamoAuthorizations } from '../../../../../../infra/local/aws-gateway/dynamodb';
import { PrincipalEvaluator, sessionArnOf } from '../../../../../../infra/local/aws-gateway/evaluate';
import { LocalKms, defaultKeyPolicy } from '../../../../../../infra/local/aws-gateway/kms';
import { bedrockAuthorizations, cognitoAuthorizations, pollyAuthorizations, transcribeAuthorizations } from '../../../../../../infra/local/aws-gateway/remote';
import { s3Authorizations } from '../../../../../../infra/local/aws-gateway/s3';
import { UnmappedRequest } from '../../../../../../infra/local/aws-gateway/types';
import { ACCOUNT, KEY_ARN, REGION, TABLE, TABLE_ARN, principal } from '../support';

const pairs = (requests: AuthorizationRequest[]) => requests.map((r) => [r.action, r.resource]);

describe('DynamoDB mapping', () => {
  it.each([
    ['GetItem', { TableName: TABLE, Key: { pk: { S: 'A' } } }, [['dynamodb:GetItem', TABLE_ARN]]],
    ['PutItem', { TableName: TABLE, Item: { pk: { S: 'A' } } }, [['dynamodb:PutItem', TABLE_ARN]]],
    ['UpdateItem', { TableName: TABLE, Key: { pk: { S: 'A' } } }, [['dynamodb:UpdateItem', TABLE_ARN]]],
    ['DeleteItem', { TableName: TABLE, Key: { pk: { S: 'A' } } }, [['dynamodb:DeleteItem', TABLE_ARN]]],
    ['Query', { TableName: TABLE, KeyConditionExpression: 'pk = :p' }, [['dynamodb:Query', TABLE_ARN]]],
    ['Query', { TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p' }, [['dynamodb:Query', `${TABLE_ARN}/index/gsi1`]]],
    ['Scan', { TableName: TABLE, IndexName: 'gsi1' }, [['dynamodb:Scan', `${TABLE_ARN}/index/gsi1`]]],
    ['DescribeTable', { TableName: TABLE }, [['dynamodb:DescribeTable', TABLE_ARN]]],
    ['ListTables', {}, [['dynamodb:ListTables', '*']]],
    [
      'TransactWriteItems',
      {
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: { S: 'A' } } } },
          { Update: { TableName: TABLE, Key: { pk: { S: 'A' } } } },
          { Delete: { TableName: 'other', Key: { pk: { S: 'A' } } } },
          { ConditionCheck: { TableName: TABLE, Key: { pk: { S: 'A' } } } },
        ],
      },
      [
        ['dynamodb:PutItem', TABLE_ARN],
        ['dynamodb:UpdateItem', TABLE_ARN],
        ['dynamodb:DeleteItem', `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/other`],
        ['dynamodb:ConditionCheckItem', TABLE_ARN],
      ],
    ],
    ['TransactGetItems', { TransactItems: [{ Get: { TableName: TABLE, Key: { pk: { S: 'A' } } } }] }, [['dynamodb:GetItem', TABLE_ARN]]],
    ['BatchGetItem', { RequestItems: { [TABLE]: { Keys: [] }, other: { Keys: [] } } }, [['dynamodb:BatchGetItem', TABLE_ARN], ['dynamodb:BatchGetItem', `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/other`]]],
    ['BatchWriteItem', { RequestItems: { [TABLE]: [{ PutRequest: { Item: { pk: { S: 'A' } } } }] } }, [['dynamodb:BatchWriteItem', TABLE_ARN]]],
  ])('%s → %j', (operation, body, expected) => {
    expect(pairs(dynamoAuthorizations(`DynamoDB_20120810.${operation}`, body, REGION, ACCOUNT))).toEqual(expected);
  });

  it.each([
    ['GetItem', { TableName: TABLE, Key: { pk: { S: 'TENANT#1' }, sk: { S: 'x' } } }, ['TENANT#1']],
    ['PutItem', { TableName: TABLE, Item: { pk: { S: 'TENANT#1' }, sk: { S: 'x' } } }, ['TENANT#1']],
    ['Query', { TableName: TABLE, KeyConditionExpression: '#p = :v AND begins_with(#s, :s)', ExpressionAttributeNames: { '#p': 'pk', '#s': 'sk' }, ExpressionAttributeValues: { ':v': { S: 'T#2' }, ':s': { S: 'x' } } }, ['T#2']],
    ['Query', { TableName: TABLE, KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'T#3' }] } } }, ['T#3']],
    ['BatchGetItem', { RequestItems: { [TABLE]: { Keys: [{ pk: { S: 'a' } }, { pk: { S: 'b' } }, { pk: { S: 'a' } }] } } }, ['a', 'b']],
    ['Query', { TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :v', ExpressionAttributeValues: { ':v': { S: 'x' } } }, undefined],
  ])('%s gives dynamodb:LeadingKeys %j', (operation, body, keys) => {
    const [request] = dynamoAuthorizations(`DynamoDB_20120810.${operation}`, body, REGION, ACCOUNT);
    expect(request?.context?.['dynamodb:LeadingKeys']).toEqual(keys);
  });

  it('refuses PartiQL (not mapped) instead of guessing', () => {
    expect(() => dynamoAuthorizations('DynamoDB_20120810.ExecuteStatement', { Statement: 'SELECT 1' }, REGION, ACCOUNT)).toThrow(UnmappedRequest);
  });
});

describe('S3 mapping', () => {
  const object = 'arn:aws:s3:::b/users/u 1/ñ.pdf';
  const path = '/b/users/u%201/%C3%B1.pdf';
  it.each([
    ['GET', path, {}, [['s3:GetObject', object]]],
    ['HEAD', path, {}, [['s3:GetObject', object]]],
    ['GET', `${path}?versionId=v1`, {}, [['s3:GetObjectVersion', object]]],
    ['PUT', path, {}, [['s3:PutObject', object]]],
    ['PUT', path, { 'x-amz-copy-source': '/src/a%2Fb.txt?versionId=v2' }, [['s3:PutObject', object], ['s3:GetObjectVersion', 'arn:aws:s3:::src/a/b.txt']]],
    ['PUT', `${path}?partNumber=1&uploadId=u`, {}, [['s3:PutObject', object]]],
    ['POST', `${path}?uploads`, {}, [['s3:PutObject', object]]],
    ['POST', `${path}?uploadId=u`, {}, [['s3:PutObject', object]]],
    ['GET', `${path}?uploadId=u`, {}, [['s3:ListMultipartUploadParts', object]]],
    ['DELETE', `${path}?uploadId=u`, {}, [['s3:AbortMultipartUpload', object]]],
    ['DELETE', path, {}, [['s3:DeleteObject', object]]],
    ['DELETE', `${path}?versionId=v1`, {}, [['s3:DeleteObjectVersion', object]]],
    ['GET', `${path}?tagging`, {}, [['s3:GetObjectTagging', object]]],
    ['PUT', `${path}?tagging`, {}, [['s3:PutObjectTagging', object]]],
    ['GET', `${path}?acl`, {}, [['s3:GetObjectAcl', object]]],
    ['GET', '/b?list-type=2&prefix=users%2Fu1%2F', {}, [['s3:ListBucket', 'arn:aws:s3:::b']]],
    ['HEAD', '/b', {}, [['s3:ListBucket', 'arn:aws:s3:::b']]],
    ['GET', '/b?versions', {}, [['s3:ListBucketVersions', 'arn:aws:s3:::b']]],
    ['GET', '/b?uploads', {}, [['s3:ListBucketMultipartUploads', 'arn:aws:s3:::b']]],
    ['GET', '/b?location', {}, [['s3:GetBucketLocation', 'arn:aws:s3:::b']]],
    ['PUT', '/b?cors', {}, [['s3:PutBucketCORS', 'arn:aws:s3:::b']]],
    ['GET', '/b?policy', {}, [['s3:GetBucketPolicy', 'arn:aws:s3:::b']]],
    ['PUT', '/b', {}, [['s3:CreateBucket', 'arn:aws:s3:::b']]],
    ['DELETE', '/b', {}, [['s3:DeleteBucket', 'arn:aws:s3:::b']]],
    ['GET', '/', {}, [['s3:ListAllMyBuckets', '*']]],
  ])('%s %s %j', (method, target, headers, expected) => {
    expect(pairs(s3Authorizations({ method, url: new URL(target, 'http://gw'), headers, via: 'header' }))).toEqual(expected);
  });

  it('POST ?delete needs DeleteObject (or DeleteObjectVersion) on every key', () => {
    const body = Buffer.from('<Delete><Object><Key>a&amp;b.txt</Key></Object><Object><Key>c.txt</Key><VersionId>v9</VersionId></Object></Delete>');
    expect(pairs(s3Authorizations({ method: 'POST', url: new URL('/b?delete', 'http://gw'), headers: {}, via: 'header', body }))).toEqual([
      ['s3:DeleteObject', 'arn:aws:s3:::b/a&b.txt'],
      ['s3:DeleteObjectVersion', 'arn:aws:s3:::b/c.txt'],
    ]);
  });

  it('a POST upload is s3:PutObject on its key field, ${filename} filled in, authType POST', () => {
    const [request] = s3Authorizations({
      method: 'POST',
      url: new URL('/b', 'http://gw'),
      headers: {},
      via: 'form',
      form: { fields: { Key: 'users/u1/${filename}', acl: 'private' }, filename: 'foto.png' },
    });
    expect(request).toEqual({
      action: 's3:PutObject',
      resource: 'arn:aws:s3:::b/users/u1/foto.png',
      context: { 's3:authType': 'POST', 's3:signatureversion': 'AWS4-HMAC-SHA256', 's3:x-amz-acl': 'private' },
    });
  });

  it('passes list parameters and signing facts as condition keys', () => {
    const [request] = s3Authorizations({ method: 'GET', url: new URL('/b?prefix=users%2Fu1%2F&delimiter=%2F', 'http://gw'), headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }, via: 'query' });
    expect(request?.context).toEqual({
      's3:authType': 'REST-QUERY-STRING',
      's3:signatureversion': 'AWS4-HMAC-SHA256',
      's3:x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      's3:prefix': 'users/u1/',
      's3:delimiter': '/',
    });
  });

  it('refuses sub-resources it does not map', () => {
    expect(() => s3Authorizations({ method: 'POST', url: new URL('/b/k?select&select-type=2', 'http://gw'), headers: {}, via: 'header' })).toThrow(UnmappedRequest);
  });
});

describe('KMS mapping', () => {
  const kms = new LocalKms(KEY_ARN, Buffer.alloc(32, 3), ACCOUNT);
  it.each([
    ['GenerateDataKey', { KeyId: KEY_ARN, NumberOfBytes: 32 }],
    ['GenerateDataKeyWithoutPlaintext', { KeyId: KEY_ARN.split('/')[1], KeySpec: 'AES_256' }],
    ['Encrypt', { KeyId: KEY_ARN, Plaintext: 'aG9sYQ==' }],
    ['DescribeKey', { KeyId: KEY_ARN }],
  ])('%s → kms:%s on the key ARN (key policy attached)', (operation, body) => {
    const [request] = kms.authorizations(operation, body);
    expect([request?.action, request?.resource]).toEqual([`kms:${operation}`, KEY_ARN]);
    expect(request?.resourcePolicy).toEqual(defaultKeyPolicy(ACCOUNT));
  });

  it('Decrypt is authorized on the key the ciphertext names, with the encryption context keys', () => {
    const encrypted = JSON.parse(String(kms.handle('Encrypt', { KeyId: KEY_ARN, Plaintext: 'aG9sYQ==', EncryptionContext: { tenant: 't1', field: 'f' } }).body)) as { CiphertextBlob: string };
    const [request] = kms.authorizations('Decrypt', { CiphertextBlob: encrypted.CiphertextBlob, EncryptionContext: { tenant: 't1', field: 'f' } });
    expect(request).toMatchObject({
      action: 'kms:Decrypt',
      resource: KEY_ARN,
      context: {
        'kms:EncryptionContext:tenant': 't1',
        'kms:EncryptionContext:field': 'f',
        'kms:EncryptionContextKeys': ['tenant', 'field'],
        'kms:CallerAccount': ACCOUNT,
        'kms:EncryptionAlgorithm': 'SYMMETRIC_DEFAULT',
      },
    });
  });
});

describe('Services forwarded to AWS', () => {
  it.each([
    ['POST', '/model/amazon.nova-pro-v1%3A0/converse', {}, [['bedrock:InvokeModel', `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-pro-v1:0`]]],
    ['POST', '/model/amazon.nova-pro-v1%3A0/invoke', {}, [['bedrock:InvokeModel', `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-pro-v1:0`]]],
    ['POST', '/model/amazon.nova-pro-v1%3A0/converse-stream', {}, [['bedrock:InvokeModelWithResponseStream', `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-pro-v1:0`]]],
    ['POST', '/model/amazon.nova-pro-v1%3A0/invoke-with-response-stream', {}, [['bedrock:InvokeModelWithResponseStream', `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-pro-v1:0`]]],
    [
      'POST',
      `/model/${encodeURIComponent(`arn:aws:bedrock:${REGION}:${ACCOUNT}:application-inference-profile/abc`)}/converse`,
      {},
      [['bedrock:InvokeModel', `arn:aws:bedrock:${REGION}:${ACCOUNT}:application-inference-profile/abc`]],
    ],
    [
      'POST',
      '/async-invoke',
      { modelId: 'amazon.nova-reel-v1:1' },
      [['bedrock:InvokeModel', `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-reel-v1:1`]],
    ],
    ['GET', `/async-invoke/${encodeURIComponent(`arn:aws:bedrock:${REGION}:${ACCOUNT}:async-invoke/j1`)}`, {}, [['bedrock:GetAsyncInvoke', `arn:aws:bedrock:${REGION}:${ACCOUNT}:async-invoke/j1`]]],
  ])('bedrock %s %s', (method, path, body, expected) => {
    expect(pairs(bedrockAuthorizations(method, path, body, REGION, ACCOUNT))).toEqual(expected);
  });

  it.each([
    [pollyAuthorizations('POST', '/v1/speech', {}, REGION, ACCOUNT), [['polly:SynthesizeSpeech', '*']]],
    [pollyAuthorizations('POST', '/v1/speech', { LexiconNames: ['es'] }, REGION, ACCOUNT), [['polly:SynthesizeSpeech', `arn:aws:polly:${REGION}:${ACCOUNT}:lexicon/es`]]],
    [transcribeAuthorizations('Transcribe.GetTranscriptionJob', { TranscriptionJobName: 'chat-1' }, REGION, ACCOUNT), [['transcribe:GetTranscriptionJob', `arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/chat-1`]]],
    [transcribeAuthorizations('Transcribe.StartTranscriptionJob', { TranscriptionJobName: 'chat-1' }, REGION, ACCOUNT), [['transcribe:StartTranscriptionJob', `arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/chat-1`]]],
    [cognitoAuthorizations('AWSCognitoIdentityProviderService.AdminGetUser', { UserPoolId: 'eu-west-1_abc' }, REGION, ACCOUNT), [['cognito-idp:AdminGetUser', `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/eu-west-1_abc`]]],
  ])('%#: %j', (requests, expected) => {
    expect(pairs(requests)).toEqual(expected);
  });
});

describe('evaluation', () => {
  it('names the role session as AWS does', () => {
    expect(sessionArnOf(`arn:aws:iam::${ACCOUNT}:role/path/x/fooRole`, 'foo')).toBe(`arn:aws:sts::${ACCOUNT}:assumed-role/fooRole/foo`);
  });

  it('evaluates actions without resource types on "*", and reports simulator input errors as denials', async () => {
    const p = new PrincipalEvaluator(principal('x', [{ Effect: 'Allow', Action: ['transcribe:StartTranscriptionJob', 'bedrock:StartAsyncInvoke'], Resource: '*' }]), ACCOUNT);
    expect(await p.evaluate({ action: 'transcribe:StartTranscriptionJob', resource: `arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/chat-1` }, REGION)).toMatchObject({
      allowed: true,
      resource: '*',
    });
    // bedrock:StartAsyncInvoke is not an IAM action (StartAsyncInvoke is authorized as bedrock:InvokeModel).
    const invalid = await p.evaluate({ action: 'bedrock:StartAsyncInvoke', resource: '*' }, REGION);
    expect(invalid).toMatchObject({ outcome: 'Invalid', allowed: false });
    expect(invalid.error).toContain('invalid.action');
  });

  it('tells explicit from implicit denials', async () => {
    const p = new PrincipalEvaluator(
      principal('x', [
        { Effect: 'Allow', Action: 'dynamodb:*', Resource: TABLE_ARN },
        { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: '*' },
      ]),
      ACCOUNT,
    );
    expect((await p.evaluate({ action: 'dynamodb:DeleteItem', resource: TABLE_ARN }, REGION)).outcome).toBe('ExplicitlyDenied');
    expect((await p.evaluate({ action: 'dynamodb:GetItem', resource: `${TABLE_ARN}x` }, REGION)).outcome).toBe('ImplicitlyDenied');
    expect((await p.evaluate({ action: 'dynamodb:GetItem', resource: TABLE_ARN }, REGION)).outcome).toBe('Allowed');
  });

  it('honours aws:SecureTransport and aws:PrincipalArn conditions', async () => {
    const p = principal('x', [
      { Effect: 'Allow', Action: 's3:GetObject', Resource: '*', Condition: { Bool: { 'aws:SecureTransport': 'true' }, ArnLike: { 'aws:PrincipalArn': `arn:aws:iam::${ACCOUNT}:role/xRole` } } },
    ]);
    expect((await new PrincipalEvaluator(p, ACCOUNT).evaluate({ action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' }, REGION)).allowed).toBe(true);
  });
});
