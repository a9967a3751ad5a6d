/**
 * The mobile chat in the tenant stack (issue 6 item 3), read back from the synthesized template:
 * Amazon Transcribe is its own permission kind — StartTranscriptionJob/GetTranscriptionJob on this
 * account's `chat-*` jobs in the stack region, TRANSCRIPTION_PROVIDER=transcribe, and the cdk-nag
 * acknowledgement of that wildcard — on exactly the chat functions that declare it; the chat's
 * photos, voice notes and transcripts stay in their own areas of the uploads bucket; the PWA
 * manifest is deployed by its own deployment with the manifest content type (kept out of the
 * site's sync), and CloudFront serves /chat/manifest.webmanifest, /chat/sw.js and the icons as
 * files while /chat/{uid} is the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { TRANSCRIBE_JOB_RESOURCE, TRANSCRIPTION_PROVIDER_ENV } from '../../../../infra/constructs/grants';
import { CHAT_MANIFEST_CONTENT_TYPE, CHAT_MANIFEST_PATH, SPA_REWRITE_CODE } from '../../../../infra/constructs/web';
import { accessOf, PERMISSIONS } from '../../../../infra/functions';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { TRANSCRIPTION_PROVIDER_ENV as LAMBDA_TRANSCRIPTION_ENV } from '../../../../lambdas/platform/ai/speech/transcription';
import { CALLABLE_NAMES, type CallableName, TRANSCRIPTION_JOB_PREFIX } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { logicalId, permissionLines, statementsOfRole, type Resource } from '../../../support/template-iam';

const TRANSCRIBING: CallableName[] = ['enviarMensajeChat', 'listarMensajesChat'];
const JOBS = 'arn:<AWS::Partition>:transcribe:<AWS::Region>:<AWS::AccountId>:transcription-job/chat-*';

describe('mobile chat in the tenant stack', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;

  useSynthesizedTenant(
    { tenant: 'demo', aiProvider: 'bedrock' },
    {
      webBuild: true,
      // The PWA files of the build (web/public/chat is copied into web/dist/chat by Vite).
      prepare: (fixture) => {
        const chatDir = path.join(fixture.webDistPath, 'chat');
        fs.mkdirSync(chatDir, { recursive: true });
        fs.copyFileSync(path.resolve('web/public', CHAT_MANIFEST_PATH), path.join(fixture.webDistPath, CHAT_MANIFEST_PATH));
        fs.copyFileSync(path.resolve('web/public/chat/sw.js'), path.join(chatDir, 'sw.js'));
      },
    },
    (synth) => ({ stack, template, assembly } = synth),
  );

  const fn = (name: CallableName) => stack.api.functions[name];
  const roleId = (name: CallableName) => logicalId(stack, fn(name).role as never);
  const env = (name: CallableName) =>
    ((template.toJSON().Resources[logicalId(stack, fn(name))] as Resource).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const transcribeLines = (name: CallableName) =>
    permissionLines(statementsOfRole(template, roleId(name)), {}).filter((line) => line.startsWith('transcribe:'));

  it('declares Transcribe as its own permission kind, only for the chat functions that start or poll jobs', () => {
    expect(PERMISSIONS['transcribe:jobs']).toEqual({ kind: 'transcribe', actions: ['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob'] });
    expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('transcribe:jobs'))).toEqual(TRANSCRIBING);
    expect(TRANSCRIBE_JOB_RESOURCE).toContain(`transcription-job/${TRANSCRIPTION_JOB_PREFIX}*`);
  });

  it('grants starting Transcribe jobs (no resource type: "*") and reading chat-* jobs of this account and region, and sets TRANSCRIPTION_PROVIDER there only', () => {
    expect(TRANSCRIPTION_PROVIDER_ENV).toBe(LAMBDA_TRANSCRIPTION_ENV);
    for (const name of CALLABLE_NAMES) {
      const transcribes = TRANSCRIBING.includes(name);
      expect(transcribeLines(name)).toEqual(transcribes ? [`transcribe:GetTranscriptionJob @ ${JOBS}`, 'transcribe:StartTranscriptionJob @ *'] : []);
      expect(env(name)[TRANSCRIPTION_PROVIDER_ENV]).toEqual(transcribes ? 'transcribe' : undefined);
    }
  });

  it('acknowledges the job wildcard for cdk-nag on exactly those roles, with a reason', () => {
    const entries = assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })))
      .filter(({ id }) => id.includes(':transcribe:'));
    // The render function transcribes too (issue 18: an audiogram's captions, jobs named chat-render-<id>).
    expect([...new Set(entries.map(({ path: p }) => p))].sort()).toEqual([...new Set([...TRANSCRIBING.map((name) => `/${fn(name).role?.node.path}`), `/${stack.render.worker.role?.node.path}`])].sort());
    for (const entry of entries) {
      expect(entry.id).toBe(`AwsSolutions::AwsSolutions-IAM5[Resource::${JOBS}]`);
      expect(entry.reason).toMatch(/chat-/);
    }
  });

  it('keeps chat media and transcripts in their own areas of the uploads bucket', () => {
    expect(PERMISSIONS['uploads:readChatMedia']).toEqual({ kind: 'uploads', actions: ['s3:GetObject'], keys: ['users/*/chat-images/*', 'users/*/chat-voice/*'] });
    expect(PERMISSIONS['chat:transcripts']).toEqual({ kind: 'uploads', actions: ['s3:PutObject', 's3:GetObject'], keys: ['users/*/chat-transcripts/*'] });
    expect(PERMISSIONS['uploads:signPost'].keys).not.toContain('users/*/chat-transcripts/*');
    // Confirming an action never reads chat media nor transcribes (it may schedule a post it creates
    // approved, or queue a render: issue 18).
    expect(accessOf('confirmarAccionChat').permissions).toEqual(['assets:put', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'scheduler:publications', 'render:invokeWorker']);
  });

  it('deploys the PWA manifest with its content type, out of the site sync', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as Resource[];
    const manifest = deployments.filter((d) => (d.Properties.SystemMetadata as Record<string, string> | undefined)?.['content-type'] === CHAT_MANIFEST_CONTENT_TYPE);
    expect(manifest).toHaveLength(1);
    expect(manifest[0]?.Properties).toMatchObject({ Prune: false, SystemMetadata: { 'content-type': 'application/manifest+json', 'cache-control': 'no-cache' } });
    const site = deployments.find((d) => d.Properties.Prune === true);
    expect(site?.Properties.Exclude).toEqual(['assets/*', CHAT_MANIFEST_PATH]);
    expect(CHAT_MANIFEST_PATH).toBe('chat/manifest.webmanifest');
  });

  it('serves the PWA files as files and /chat/{uid} as the app (CloudFront SPA rewrite)', () => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/chat/manifest.webmanifest' } }).uri).toBe('/chat/manifest.webmanifest');
    expect(handler({ request: { uri: '/chat/sw.js' } }).uri).toBe('/chat/sw.js');
    expect(handler({ request: { uri: '/chat/icons/icon-512.png' } }).uri).toBe('/chat/icons/icon-512.png');
    expect(handler({ request: { uri: '/chat/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/chat/1f2e3d4c-aaaa-bbbb-cccc-000011112222' } }).uri).toBe('/index.html');
  });
});
