/**
 * How a campaign's answer enters the cache (issue 15): stored as that campaign's read at once, the
 * list and the month's figures made stale; another campaign's read and the ad accounts untouched.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adAccountsKey, campaignKey, campaignListKey, monthFiguresKey, refreshCampaignLists, storeCampaign } from '../../../../../../web/src/features/campaigns/keys';
import { campaign, results } from './fixtures';

function seeded() {
  const client = new QueryClient();
  for (const key of [campaignListKey, monthFiguresKey('2030-10'), adAccountsKey, campaignKey('c-1'), campaignKey('c-2')]) client.setQueryData(key, 'old');
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('storeCampaign', () => {
  it("stores the view as the campaign's read and makes the list and figures stale", async () => {
    const client = seeded();
    const view = { campaign: campaign(), results: results() };
    await storeCampaign(client, view);
    expect(client.getQueryData(campaignKey('c-1'))).toEqual(view);
    expect(stale(client, campaignKey('c-1'))).toBe(false);
    expect(stale(client, campaignListKey)).toBe(true);
    expect(stale(client, monthFiguresKey('2030-10'))).toBe(true);
    expect(stale(client, adAccountsKey)).toBe(false);
    expect(stale(client, campaignKey('c-2'))).toBe(false);
  });

  it('refreshCampaignLists leaves every campaign read alone (a deleted one is not re-read)', async () => {
    const client = seeded();
    await refreshCampaignLists(client);
    expect(stale(client, campaignKey('c-1'))).toBe(false);
    expect(stale(client, campaignListKey)).toBe(true);
  });
});
