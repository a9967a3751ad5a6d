/**
 * AWS credentials of the twin's process. Local services accept any key pair, so a developer's own
 * credentials (env keys or AWS_PROFILE) are kept — that is what lets `AI_PROVIDER=bedrock` reach
 * real Bedrock from the twin — and only a machine without any gets the twin's local pair.
 */
import { fromIni } from '@aws-sdk/credential-provider-ini';
import { LOCAL_CREDENTIALS } from './dynamodb';

export interface KeyPair {
  accessKeyId: string;
  secretAccessKey: string;
  /** Where they come from, for the start-up log. */
  source: 'environment' | 'profile' | 'local';
}

/**
 * The key pair the process will sign with. Only consults a profile when AWS_PROFILE is set (the
 * full default chain would probe the EC2 metadata endpoint and stall on a machine without one).
 */
export async function resolveTwinCredentials(env: NodeJS.ProcessEnv = process.env): Promise<KeyPair> {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, source: 'environment' };
  }
  if (env.AWS_PROFILE) {
    const { accessKeyId, secretAccessKey } = await fromIni({ profile: env.AWS_PROFILE })();
    return { accessKeyId, secretAccessKey, source: 'profile' };
  }
  return { ...LOCAL_CREDENTIALS, source: 'local' };
}
