/**
 * The architecture rules of eslint.config.js (issue 11 items 1-2) fail on a planted violation and
 * stay quiet on the allowed import next to it: layers (import-x/no-restricted-paths), import cycles
 * (import-x/no-cycle) and one door per resource (no-restricted-imports / no-restricted-globals).
 * Each case lints a file that does not exist (ESLint's lintText with a path in the tree, so the
 * config's file globs and the zones apply); the cycle case writes two real modules, because the
 * rule follows imports on disk, and removes them afterwards.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (repo-relative). */
async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** A module under `dir` (repo-relative, without extension), so the cases survive file moves. */
function someModule(dir: string, accept: (name: string) => boolean = () => true): string {
  const walk = (current: string): string | undefined => {
    for (const name of readdirSync(path.join(ROOT, current)).sort()) {
      const relative = path.posix.join(current, name);
      if (statSync(path.join(ROOT, relative)).isDirectory()) {
        const found = walk(relative);
        if (found) return found;
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && accept(name)) return relative.replace(/\.tsx?$/, '');
    }
    return undefined;
  };
  const found = walk(dir);
  if (!found) throw new Error(`no module under ${dir}`);
  return found;
}

/** `target` as a specifier from the file `from` (both repo-relative). */
const specifier = (from: string, target: string) => {
  const relative = path.posix.relative(path.posix.dirname(from), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
};
const importFrom = (from: string, target: string) => `import * as planted from '${specifier(from, target)}';\nexport const used = planted;\n`;

describe('layers (import-x/no-restricted-paths)', () => {
  const LAYER = 'import-x/no-restricted-paths';
  it.each([
    ['core imports a function handler', 'lambdas/core/leads/planted.ts', 'lambdas/functions'],
    ['platform imports core', 'lambdas/platform/db/planted.ts', 'lambdas/core'],
    ['platform imports a function handler', 'lambdas/platform/callable/planted.ts', 'lambdas/functions'],
    ['shared imports Lambda code', 'shared/planted.ts', 'lambdas/platform'],
    ['shared imports the web', 'shared/planted.ts', 'web/src/lib'],
    ['infra imports Lambda code', 'infra/planted.ts', 'lambdas/core'],
    ['the twin imports Lambda code', 'infra/local/planted.ts', 'lambdas/platform'],
    ['the web imports Lambda code', 'web/src/lib/planted.ts', 'lambdas/core'],
    ['Lambda code imports the web', 'lambdas/core/planted.ts', 'web/src/lib'],
    ['a page is imported by a feature', 'web/src/features/leads/planted.ts', 'web/src/pages'],
    ['app is imported by a page', 'web/src/pages/leads/planted.ts', 'web/src/app'],
    ['app is imported by ui', 'web/src/ui/planted.ts', 'web/src/app'],
    ['a feature is imported by lib', 'web/src/lib/planted.ts', 'web/src/features'],
  ])('fails when %s', async (_case, file, fromDir) => {
    expect(await rulesFor(file, importFrom(file, someModule(fromDir)))).toContain(LAYER);
  });

  it.each([
    ['a function imports core', 'lambdas/functions/planted.ts', 'lambdas/core'],
    ['core imports platform', 'lambdas/core/leads/planted.ts', 'lambdas/platform/logger'],
    ['a page imports a feature', 'web/src/pages/leads/planted.ts', 'web/src/features'],
    ['app imports a page', 'web/src/app/planted.ts', 'web/src/pages'],
  ])('allows %s', async (_case, file, fromDir) => {
    const target = fromDir.endsWith('logger') ? fromDir : someModule(fromDir);
    expect(await rulesFor(file, importFrom(file, target))).not.toContain(LAYER);
  });

  it('fails when a page imports another page', async () => {
    const file = 'web/src/pages/leads/planted.ts';
    expect(await rulesFor(file, importFrom(file, someModule('web/src/pages/blog')))).toContain(LAYER);
    expect(await rulesFor(file, importFrom(file, someModule('web/src/pages/leads')))).not.toContain(LAYER);
  });

  it("fails when a feature reaches into another feature's files, and allows its index.ts", async () => {
    const features = readdirSync(path.join(ROOT, 'web/src/features')).filter((name) => statSync(path.join(ROOT, 'web/src/features', name)).isDirectory());
    const other = features.find((name) => name !== 'leads' && readdirSync(path.join(ROOT, 'web/src/features', name)).some((file) => /^(?!index\.)\w+\.tsx?$/.test(file)));
    expect(other).toBeDefined();
    const file = 'web/src/features/leads/planted.ts';
    const inner = someModule(`web/src/features/${other}`, (name) => !name.startsWith('index.'));
    expect(await rulesFor(file, importFrom(file, inner))).toContain(LAYER);
    const index = features.find((name) => readdirSync(path.join(ROOT, 'web/src/features', name)).includes('index.ts') && name !== 'leads');
    if (index) expect(await rulesFor(file, importFrom(file, `web/src/features/${index}/index`))).not.toContain(LAYER);
  });
});

describe('one door per resource (no-restricted-imports, no-restricted-globals)', () => {
  it.each([
    ['the DynamoDB document client package', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const c = GetCommand;\n"],
    ['the DynamoDB client package', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n"],
    ['ElectroDB', "import { Entity } from 'electrodb';\nexport const c = Entity;\n"],
    ["platform/db's client module", "import * as c from '../../platform/db/client';\nexport const d = c;\n"],
    ['the S3 client package', "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n"],
    ['the S3 presigner', "import { getSignedUrl } from '@aws-sdk/s3-request-presigner';\nexport const c = getSignedUrl;\n"],
    ['the KMS client package', "import { KMSClient } from '@aws-sdk/client-kms';\nexport const c = KMSClient;\n"],
    ['the Encryption SDK', "import { buildClient } from '@aws-crypto/client-node';\nexport const c = buildClient;\n"],
    ['the Secrets Manager client package', "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';\nexport const c = SecretsManagerClient;\n"],
    ['Powertools Parameters', "import { clearCaches } from '@aws-lambda-powertools/parameters';\nexport const c = clearCaches;\n"],
    ['the EventBridge Scheduler client package', "import { SchedulerClient } from '@aws-sdk/client-scheduler';\nexport const c = SchedulerClient;\n"],
    ['the Cognito user pool client package', "import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';\nexport const c = CognitoIdentityProviderClient;\n"],
    ['node:https', "import https from 'node:https';\nexport const c = https;\n"],
    ['node:child_process (ffmpeg is run through platform/media)', "import { spawn } from 'node:child_process';\nexport const c = spawn;\n"],
    ['the ffmpeg installer package', "import ffmpeg from '@ffmpeg-installer/ffmpeg';\nexport const c = ffmpeg;\n"],
  ])('core may not import %s', async (_case, code) => {
    expect(await rulesFor('lambdas/core/leads/planted.ts', code)).toContain('no-restricted-imports');
  });

  it('core may not call the global fetch', async () => {
    expect(await rulesFor('lambdas/core/leads/planted.ts', "export const get = () => fetch('https://example.com');\n")).toContain('no-restricted-globals');
  });

  it.each([
    ['lambdas/platform/db/planted.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const c = GetCommand;\n", 'no-restricted-imports'],
    ['lambdas/platform/storage/planted.ts', "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n", 'no-restricted-imports'],
    ['lambdas/platform/secrets/planted.ts', "import { KMSClient } from '@aws-sdk/client-kms';\nexport const c = KMSClient;\n", 'no-restricted-imports'],
    ['lambdas/platform/secrets/planted.ts', "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';\nimport { getSecret } from '@aws-lambda-powertools/parameters/secrets';\nexport const c = [SecretsManagerClient, getSecret];\n", 'no-restricted-imports'],
    ['lambdas/platform/scheduler/planted.ts', "import { SchedulerClient } from '@aws-sdk/client-scheduler';\nexport const c = SchedulerClient;\n", 'no-restricted-imports'],
    ['lambdas/platform/users/planted.ts', "import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';\nexport const c = CognitoIdentityProviderClient;\n", 'no-restricted-imports'],
    ['lambdas/platform/http/planted.ts', "export const get = () => fetch('https://example.com');\n", 'no-restricted-globals'],
    ['lambdas/platform/media/planted.ts', "import { spawn } from 'node:child_process';\nexport const c = spawn;\n", 'no-restricted-imports'],
  ])('the door itself may (%s)', async (file, code, rule) => {
    expect(await rulesFor(file, code)).not.toContain(rule);
  });

  it('a door may not use another door\'s resource', async () => {
    expect(await rulesFor('lambdas/platform/storage/planted.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const c = GetCommand;\n")).toContain('no-restricted-imports');
    expect(await rulesFor('lambdas/platform/db/planted.ts', "import { SchedulerClient } from '@aws-sdk/client-scheduler';\nexport const c = SchedulerClient;\n")).toContain('no-restricted-imports');
  });

  it('the twin and the tests may reach AWS directly', async () => {
    const code = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const c = GetCommand;\n";
    expect(await rulesFor('infra/local/planted.ts', code)).not.toContain('no-restricted-imports');
    expect(await rulesFor('test/unit/planted.test.ts', code)).not.toContain('no-restricted-imports');
  });
});

describe('import cycles (import-x/no-cycle)', () => {
  const dir = `lambdas/core/planted-cycle-${process.pid}`;
  beforeAll(() => {
    mkdirSync(path.join(ROOT, dir), { recursive: true });
    writeFileSync(path.join(ROOT, dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(ROOT, dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(ROOT, dir, 'c.ts'), 'export const c = 1;\n');
  });
  afterAll(() => rmSync(path.join(ROOT, dir), { recursive: true, force: true }));

  it('fails when two modules import each other', async () => {
    expect(await rulesFor(`${dir}/a.ts`, "import { b } from './b';\nexport const a = () => b;\n")).toContain('import-x/no-cycle');
  });

  it('allows a one-way import', async () => {
    expect(await rulesFor(`${dir}/d.ts`, "import { c } from './c';\nexport const d = c;\n")).not.toContain('import-x/no-cycle');
  });
});
