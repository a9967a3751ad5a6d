import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTwinCredentials } from '../../../../infra/local/credentials';
import { LOCAL_CREDENTIALS } from '../../../../infra/local/dynamodb';

describe('twin credentials', () => {
  it('uses the local pair when the machine has no AWS credentials', async () => {
    await expect(resolveTwinCredentials({})).resolves.toEqual({ ...LOCAL_CREDENTIALS, source: 'local' });
  });

  it("keeps a developer's environment keys (so real Bedrock works from the twin)", async () => {
    await expect(resolveTwinCredentials({ AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' })).resolves.toEqual({
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      source: 'environment',
    });
  });

  it('resolves a named profile from the shared credentials file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aws-'));
    const file = path.join(dir, 'credentials');
    writeFileSync(file, '[dev]\naws_access_key_id = AKIAPROFILE\naws_secret_access_key = profile-secret\n');
    const previous = process.env.AWS_SHARED_CREDENTIALS_FILE;
    process.env.AWS_SHARED_CREDENTIALS_FILE = file;
    try {
      await expect(resolveTwinCredentials({ AWS_PROFILE: 'dev' })).resolves.toMatchObject({ accessKeyId: 'AKIAPROFILE', source: 'profile' });
    } finally {
      if (previous === undefined) delete process.env.AWS_SHARED_CREDENTIALS_FILE;
      else process.env.AWS_SHARED_CREDENTIALS_FILE = previous;
    }
  });
});
