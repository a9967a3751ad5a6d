/**
 * The brand context prompts get (`readBrandContext`): only the fields the owner filled in, from
 * the Constructor de IA settings in DynamoDB Local. (Moved from the settings integration test,
 * issue 11 item 7: no callable returns it; prompts carrying it are checked in the plan test.)
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv();
const { readBrandContext, saveAiSettings } = await import('../../../../../lambdas/core/settings/aiSettings');

describe('readBrandContext', () => {
  it('has only the fields the owner filled in', async () => {
    const sub = uniqueSub();
    await expect(readBrandContext(sub)).resolves.toEqual({});
    await saveAiSettings({ sub }, { brandName: 'Marca Otra', topicsToAvoid: 'política' });
    await expect(readBrandContext(sub)).resolves.toEqual({ brandName: 'Marca Otra', topicsToAvoid: 'política' });
  });
});
