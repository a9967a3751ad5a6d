/**
 * Services the twin does not emulate (Bedrock runtime, Polly, Transcribe; Cognito when no local
 * upstream is configured): their IAM authorizations and the real regional host a re-signed call
 * goes to.
 */
import type { AuthorizationRequest, ContextValue } from './types';
import { UnmappedRequest } from './types';

export const TRANSCRIBE_TARGET_PREFIX = 'Transcribe.';
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Display names for messages. */
export const SERVICE_NAMES: Record<string, string> = {
  bedrock: 'Amazon Bedrock',
  polly: 'Amazon Polly',
  transcribe: 'Amazon Transcribe',
  'cognito-idp': 'Amazon Cognito user pools',
};

/** The signing names the gateway forwards to real AWS. */
export const REMOTE_SERVICES = new Set(Object.keys(SERVICE_NAMES));

type Body = Record<string, unknown>;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UnmappedRequest(`Malformed URL encoding in ${text}`);
  }
}

/** Prefixes of system-defined cross-region inference profile ids (e.g. 'eu.amazon.nova-lite-v1:0'). */
const PROFILE_PREFIX = /^(us|eu|apac|us-gov|global|jp|au|ca)\.(.+)$/;

/**
 * What invoking `modelId` is authorized on: a foundation model ARN; an ARN as given; for a
 * system inference profile id, the profile and its foundation model (in the request's region: the
 * gateway cannot know the other regions the profile routes to).
 */
export function bedrockModelResources(modelId: string, region: string, accountId: string): string[] {
  if (modelId.startsWith('arn:')) return [modelId];
  const profile = PROFILE_PREFIX.exec(modelId);
  if (profile) return [`arn:aws:bedrock:${region}:${accountId}:inference-profile/${modelId}`, `arn:aws:bedrock:${region}::foundation-model/${profile[2]}`];
  return [`arn:aws:bedrock:${region}::foundation-model/${modelId}`];
}

/** Bedrock runtime (REST JSON): Converse/InvokeModel (+ streams), async invocations, guardrails. */
export function bedrockAuthorizations(method: string, pathname: string, body: Body, region: string, accountId: string): AuthorizationRequest[] {
  const model = /^\/model\/([^/]+)\/(converse|converse-stream|invoke|invoke-with-response-stream)$/.exec(pathname);
  if (model && method === 'POST') {
    const action = model[2] === 'converse-stream' || model[2] === 'invoke-with-response-stream' ? 'bedrock:InvokeModelWithResponseStream' : 'bedrock:InvokeModel';
    return bedrockModelResources(decode(model[1] ?? ''), region, accountId).map((resource) => ({ action, resource }));
  }
  if (pathname === '/async-invoke' && method === 'POST') {
    // StartAsyncInvoke "requires permission for the bedrock:InvokeModel action" (API reference).
    if (typeof body.modelId !== 'string') throw new UnmappedRequest('StartAsyncInvoke without modelId');
    return bedrockModelResources(body.modelId, region, accountId).map((resource) => ({ action: 'bedrock:InvokeModel', resource }));
  }
  if (pathname === '/async-invoke' && method === 'GET') return [{ action: 'bedrock:ListAsyncInvokes', resource: '*' }];
  const asyncInvoke = /^\/async-invoke\/([^/]+)$/.exec(pathname);
  if (asyncInvoke && method === 'GET') return [{ action: 'bedrock:GetAsyncInvoke', resource: decode(asyncInvoke[1] ?? '') }];
  const guardrail = /^\/guardrail\/([^/]+)\/version\/[^/]+\/apply$/.exec(pathname);
  if (guardrail && method === 'POST') {
    const id = decode(guardrail[1] ?? '');
    return [{ action: 'bedrock:ApplyGuardrail', resource: id.startsWith('arn:') ? id : `arn:aws:bedrock:${region}:${accountId}:guardrail/${id}` }];
  }
  throw new UnmappedRequest(`The local AWS gateway does not map Bedrock ${method} ${pathname} to an IAM action.`, 501);
}

/** Polly (REST JSON): SynthesizeSpeech on the lexicons it names (none: `*`), voices, tasks. */
export function pollyAuthorizations(method: string, pathname: string, body: Body, region: string, accountId: string): AuthorizationRequest[] {
  if (pathname === '/v1/speech' && method === 'POST') {
    const lexicons = Array.isArray(body.LexiconNames) ? body.LexiconNames.filter((name): name is string => typeof name === 'string') : [];
    if (lexicons.length === 0) return [{ action: 'polly:SynthesizeSpeech', resource: '*' }];
    return lexicons.map((name) => ({ action: 'polly:SynthesizeSpeech', resource: `arn:aws:polly:${region}:${accountId}:lexicon/${name}` }));
  }
  if (pathname === '/v1/voices' && method === 'GET') return [{ action: 'polly:DescribeVoices', resource: '*' }];
  if (pathname === '/v1/synthesisTasks' && method === 'POST') return [{ action: 'polly:StartSpeechSynthesisTask', resource: '*' }];
  if (pathname === '/v1/synthesisTasks' && method === 'GET') return [{ action: 'polly:ListSpeechSynthesisTasks', resource: '*' }];
  if (/^\/v1\/synthesisTasks\/[^/]+$/.test(pathname) && method === 'GET') return [{ action: 'polly:GetSpeechSynthesisTask', resource: '*' }];
  throw new UnmappedRequest(`The local AWS gateway does not map Polly ${method} ${pathname} to an IAM action.`, 501);
}

/**
 * Transcribe (JSON 1.1): `transcribe:<Op>` on the job's ARN. StartTranscriptionJob takes no
 * resource type in IAM, so the evaluator authorizes it on `*` (as AWS does).
 */
export function transcribeAuthorizations(target: string, body: Body, region: string, accountId: string): AuthorizationRequest[] {
  if (!target.startsWith(TRANSCRIBE_TARGET_PREFIX)) throw new UnmappedRequest(`Unknown Transcribe target ${target}`);
  const operation = target.slice(TRANSCRIBE_TARGET_PREFIX.length);
  const job = typeof body.TranscriptionJobName === 'string' ? body.TranscriptionJobName : undefined;
  const context: Record<string, ContextValue> = {};
  if (typeof body.OutputBucketName === 'string') context['transcribe:OutputBucketName'] = body.OutputBucketName;
  if (typeof body.OutputKey === 'string') context['transcribe:OutputKey'] = body.OutputKey;
  if (typeof body.OutputEncryptionKMSKeyId === 'string') context['transcribe:OutputEncryptionKMSKeyId'] = body.OutputEncryptionKMSKeyId;
  const resource = job ? `arn:aws:transcribe:${region}:${accountId}:transcription-job/${job}` : '*';
  return [{ action: `transcribe:${operation}`, resource, context }];
}

/** Cognito user pools (JSON 1.1): `cognito-idp:<Op>` on the pool named by UserPoolId (else `*`). */
export function cognitoAuthorizations(target: string, body: Body, region: string, accountId: string): AuthorizationRequest[] {
  if (!target.startsWith(COGNITO_TARGET_PREFIX)) throw new UnmappedRequest(`Unknown Cognito target ${target}`);
  const operation = target.slice(COGNITO_TARGET_PREFIX.length);
  const pool = typeof body.UserPoolId === 'string' ? body.UserPoolId : undefined;
  return [{ action: `cognito-idp:${operation}`, resource: pool ? `arn:aws:cognito-idp:${region}:${accountId}:userpool/${pool}` : '*' }];
}

/** The real endpoint host of a call to `service` in `region`. */
export function realHost(service: string, region: string): string {
  if (service === 'bedrock') return `bedrock-runtime.${region}.amazonaws.com`;
  return `${service}.${region}.amazonaws.com`;
}
