/**
 * Meta's Marketing API in the "Red de pruebas" (issue 15): the ad account, a paused draft
 * (campaign, ad set, creative, ad) through form and JSON calls, Graph's refusals, the insights the
 * test hook sets, the ads hook and page, and the state across a restart.
 */
import { describe, expect, it } from 'vitest';
import type { SocialSandbox } from '../../../../../infra/local/social-sandbox';
import { callApi, CLIENT_SETUP, connectWith, postForm, postJson, send, startTestSandbox } from './support';

const ACCOUNT = 'act_400000000000001';
const ADS_SCOPE = `${CLIENT_SETUP.facebook.scope},ads_management,ads_read`;
/** Facebook's scopes without the ads permission (an owner who connected before issue 15, or declined it). */
const NO_ADS_SCOPE = CLIENT_SETUP.facebook.scope.split(',').filter((scope) => scope !== 'ads_management').join(',');
const TARGETING = { geo_locations: { countries: ['ES'] }, age_min: 25, age_max: 55 };

const adsToken = async (sandbox: SocialSandbox, scope = ADS_SCOPE) => (await connectWith(sandbox, 'facebook', { scope })).body.access_token as string;

/** A paused draft: campaign (form), ad set (form, JSON strings), creative and ad (JSON). */
async function draft(sandbox: SocialSandbox, token: string) {
  const api = sandbox.apps().facebook.urls.api;
  const campaign = await postForm(`${api}/${ACCOUNT}/campaigns`, token, { name: 'Rebajas <b>', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: '[]' });
  expect(campaign.status).toBe(200);
  const campaignId = (campaign.body as { id: string }).id;
  const adset = await postForm(`${api}/${ACCOUNT}/adsets`, token, {
    name: 'Madrid',
    campaign_id: campaignId,
    daily_budget: '500',
    billing_event: 'IMPRESSIONS',
    optimization_goal: 'LINK_CLICKS',
    targeting: JSON.stringify(TARGETING),
    start_time: '2030-01-01T10:00:00+0100',
    end_time: '2030-01-08T10:00:00+0100',
    status: 'PAUSED',
  });
  expect(adset.status).toBe(200);
  const adsetId = (adset.body as { id: string }).id;
  const creative = await postJson(`${api}/${ACCOUNT}/adcreatives`, token, {
    name: 'Creatividad',
    object_story_spec: { page_id: '200000000000001', link_data: { link: 'https://example.com/rebajas', message: 'Hasta un 50 %', picture: 'https://example.com/a.jpg', call_to_action: { type: 'LEARN_MORE' } } },
  });
  expect(creative.status).toBe(200);
  const creativeId = (creative.body as { id: string }).id;
  const ad = await postJson(`${api}/${ACCOUNT}/ads`, token, { name: 'Anuncio 1', adset_id: adsetId, creative: { creative_id: creativeId }, status: 'PAUSED' });
  expect(ad.status).toBe(200);
  return { api, campaignId, adsetId, creativeId, adId: (ad.body as { id: string }).id };
}

const adsHook = async (sandbox: SocialSandbox) => (await send(`${sandbox.url}/__sandbox/ads`)).body as { adAccount: { id: string }; campaigns: { id: string; status: string; insights?: unknown; adsets: { id: string; dailyBudget?: number; ads: { id: string; status: string; creative: { id: string } | null }[] }[] }[] };

describe('the Marketing API of the sandbox', () => {
  it('lists the ad account with the asked fields', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox, `${NO_ADS_SCOPE},ads_read`);
      const { status, body } = await callApi(t.sandbox, 'facebook', '/me/adaccounts?fields=id,account_id,name,currency,account_status', token);
      expect(status).toBe(200);
      expect(body.data).toEqual([{ id: ACCOUNT, account_id: '400000000000001', name: 'Cuenta publicitaria de pruebas', currency: 'EUR', account_status: 1 }]);
    } finally {
      await t.close();
    }
  });

  it('creates a paused draft; the hook, the campaign read and the page show it; the state survives a restart', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const ids = await draft(t.sandbox, token);
      const listed = await adsHook(t.sandbox);
      expect(listed.adAccount.id).toBe(ACCOUNT);
      expect(listed.campaigns).toEqual([
        expect.objectContaining({
          id: ids.campaignId,
          status: 'PAUSED',
          adsets: [expect.objectContaining({ id: ids.adsetId, dailyBudget: 500, ads: [expect.objectContaining({ id: ids.adId, status: 'PAUSED', creative: expect.objectContaining({ id: ids.creativeId }) })] })],
        }),
      ]);
      const read = await callApi(t.sandbox, 'facebook', `/${ids.campaignId}?fields=id,name,status,objective`, token);
      expect(read.body).toEqual({ id: ids.campaignId, name: 'Rebajas <b>', status: 'PAUSED', objective: 'OUTCOME_TRAFFIC' });
      const page = await send(`${t.sandbox.url}/facebook/ads`);
      expect(page.text).toContain('Red de pruebas · Facebook — Anuncios');
      expect(page.text).toContain('Rebajas &lt;b&gt;');
      expect(page.text).not.toContain('Rebajas <b>');
      expect(page.text).toContain('5,00 € al día');
      const recorded = t.sandbox.requests('facebook').filter((record) => record.path.endsWith('/campaigns'));
      expect(recorded).toHaveLength(1);
      expect(JSON.stringify(recorded)).not.toContain(token);

      await t.sandbox.stop();
      const again = await startTestSandbox({ stateDir: t.stateDir });
      try {
        expect((await adsHook(again.sandbox)).campaigns.map((campaign) => campaign.id)).toEqual([ids.campaignId]);
        expect((await callApi(again.sandbox, 'facebook', `/${ids.campaignId}?fields=status`, token)).body).toEqual({ id: ids.campaignId, status: 'PAUSED' });
      } finally {
        await again.close();
      }
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('accepts ACTIVE as Meta does and the hook shows it', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const api = t.sandbox.apps().facebook.urls.api;
      const created = await postJson(`${api}/${ACCOUNT}/campaigns`, token, { name: 'Activa', objective: 'OUTCOME_LEADS', status: 'ACTIVE', special_ad_categories: [] });
      expect(created.status).toBe(200);
      expect((await adsHook(t.sandbox)).campaigns.map((campaign) => campaign.status)).toEqual(['ACTIVE']);
    } finally {
      await t.close();
    }
  });

  it('answers Graph errors for bad campaigns, ad sets, creatives, ads, an unknown account and missing scopes', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const { api, campaignId, adsetId } = await draft(t.sandbox, token);
      const refused = async (answer: Promise<{ status: number; body: unknown }>, code: number, userTitle?: string) => {
        const { status, body } = await answer;
        expect(status).toBe(400);
        expect((body as { error: unknown }).error).toMatchObject({ code, type: 'OAuthException', ...(userTitle ? { error_user_title: userTitle } : {}) });
      };
      const campaign = { name: 'C', objective: 'OUTCOME_SALES', status: 'PAUSED', special_ad_categories: [] as string[] };
      await refused(postJson(`${api}/${ACCOUNT}/campaigns`, token, { ...campaign, special_ad_categories: undefined }), 100, 'Special Ad Categories required');
      await refused(postJson(`${api}/${ACCOUNT}/campaigns`, token, { ...campaign, objective: 'CONVERSIONS' }), 100);
      await refused(postJson(`${api}/${ACCOUNT}/campaigns`, token, { ...campaign, status: 'DRAFT' }), 100);
      await refused(postJson(`${api}/act_999/campaigns`, token, campaign), 100);
      const adset = { name: 'S', campaign_id: campaignId, daily_budget: 500, billing_event: 'IMPRESSIONS', optimization_goal: 'REACH', targeting: TARGETING, status: 'PAUSED' };
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, daily_budget: 50 }), 100, 'Your budget is too low');
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, lifetime_budget: 5000 }), 100, 'Budget required');
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, daily_budget: undefined, lifetime_budget: 5000 }), 100, 'End time required');
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, start_time: '2030-02-01T00:00:00Z', end_time: '2030-01-01T00:00:00Z' }), 100, 'Invalid schedule');
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, campaign_id: '120299999999999999' }), 100, 'Invalid campaign');
      await refused(postJson(`${api}/${ACCOUNT}/adsets`, token, { ...adset, targeting: { age_min: 20 } }), 100, 'Location is required');
      const spec = { page_id: '200000000000001', link_data: { link: 'https://example.com', image_hash: 'abc' } };
      await refused(postJson(`${api}/${ACCOUNT}/adcreatives`, token, { object_story_spec: spec }), 100, 'Image not found');
      await refused(postJson(`${api}/${ACCOUNT}/adcreatives`, token, { object_story_spec: { ...spec, page_id: '999' } }), 100, 'Invalid page');
      await refused(postJson(`${api}/${ACCOUNT}/ads`, token, { name: 'A', adset_id: adsetId, creative: { creative_id: '1' }, status: 'PAUSED' }), 100, 'Invalid creative');
      const noAds = await adsToken(t.sandbox, NO_ADS_SCOPE);
      const forbidden = await postJson(`${api}/${ACCOUNT}/campaigns`, noAds, campaign);
      expect(forbidden.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(forbidden.body)).toContain('ads_management');
      expect((await adsHook(t.sandbox)).campaigns).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('insights: nothing while the campaign has not delivered, then the figures the hook sets', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const { campaignId } = await draft(t.sandbox, token);
      const path = `/${campaignId}/insights?fields=spend,impressions,clicks,cpm,cpc,ctr&date_preset=maximum`;
      expect((await callApi(t.sandbox, 'facebook', path, token)).body.data).toEqual([]);
      expect((await postJson(`${t.sandbox.url}/__sandbox/ads/insights`, '', { campaignId: 'nope', spend: 1, impressions: 1, clicks: 0 })).status).toBe(400);
      const set = await postJson(`${t.sandbox.url}/__sandbox/ads/insights`, '', { campaignId, spend: 12.5, impressions: 2500, clicks: 50 });
      expect(set.status).toBe(200);
      const { body } = await callApi(t.sandbox, 'facebook', path, token);
      expect(body.data).toEqual([expect.objectContaining({ spend: '12.50', impressions: '2500', clicks: '50', cpm: '5.000000', cpc: '0.250000', ctr: '2.000000' })]);
      expect((await adsHook(t.sandbox)).campaigns[0]?.insights).toEqual({ spend: 12.5, impressions: 2500, clicks: 50 });
    } finally {
      await t.close();
    }
  });

  it('lists the granted permissions and answers the targeting search with deterministic keys', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox, NO_ADS_SCOPE);
      const permissions = await callApi(t.sandbox, 'facebook', '/me/permissions', token);
      expect(permissions.body.data).toContainEqual({ permission: 'public_profile', status: 'granted' });
      expect(permissions.body.data).toContainEqual({ permission: 'pages_manage_posts', status: 'granted' });
      expect(permissions.body.data.map((entry: { permission: string }) => entry.permission)).not.toContain('ads_management');
      const search = (query: string) => callApi(t.sandbox, 'facebook', `/search?${query}`, token);
      const region = await search(`type=adgeolocation&q=malaga&country_code=ES&location_types=${encodeURIComponent('["region"]')}`);
      expect(region.body.data).toEqual([expect.objectContaining({ key: '3531', name: 'Málaga', type: 'region', country_code: 'ES' })]);
      expect((await search(`type=adgeolocation&q=Narnia&location_types=${encodeURIComponent('["region"]')}`)).body.data).toEqual([]);
      const city = await search(`type=adgeolocation&q=Getafe&country_code=ES&location_types=${encodeURIComponent('["city"]')}`);
      expect(city.body.data).toEqual([expect.objectContaining({ name: 'Getafe', type: 'city' })]);
      expect(city.body.data[0].key).toMatch(/^\d{7}$/);
      expect((await search(`type=adgeolocation&q=getafe&location_types=${encodeURIComponent('["city"]')}`)).body.data[0].key).toBe(city.body.data[0].key);
      const interest = await search('type=adinterest&q=Yoga');
      expect(interest.body.data).toEqual([expect.objectContaining({ name: 'Yoga' })]);
      expect(interest.body.data[0].id).toMatch(/^6003\d{10}$/);
      expect((await search('q=Yoga')).status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('keeps the budget sharing, bid strategy, destination and DSA fields; checks the Instagram account of a creative', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const api = t.sandbox.apps().facebook.urls.api;
      const campaign = await postJson(`${api}/${ACCOUNT}/campaigns`, token, { name: 'C', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false });
      const campaignId = (campaign.body as { id: string }).id;
      const adset = await postJson(`${api}/${ACCOUNT}/adsets`, token, {
        name: 'S',
        campaign_id: campaignId,
        lifetime_budget: 5000,
        billing_event: 'IMPRESSIONS',
        optimization_goal: 'LINK_CLICKS',
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        destination_type: 'WEBSITE',
        dsa_beneficiary: 'Página de pruebas',
        dsa_payor: 'Página de pruebas',
        targeting: { ...TARGETING, publisher_platforms: ['instagram'] },
        start_time: '2030-01-01T00:00:00Z',
        end_time: '2030-01-08T00:00:00Z',
        status: 'PAUSED',
      });
      expect(adset.status).toBe(200);
      const [listed] = (await adsHook(t.sandbox)).campaigns as unknown as { adsetBudgetSharing: boolean; adsets: Record<string, unknown>[] }[];
      expect(listed?.adsetBudgetSharing).toBe(false);
      expect(listed?.adsets[0]).toMatchObject({ lifetimeBudget: 5000, bidStrategy: 'LOWEST_COST_WITHOUT_CAP', destinationType: 'WEBSITE', dsaBeneficiary: 'Página de pruebas', dsaPayor: 'Página de pruebas' });
      const spec = { page_id: '200000000000001', link_data: { link: 'https://example.com', picture: 'https://example.com/a.jpg' } };
      expect((await postJson(`${api}/${ACCOUNT}/adcreatives`, token, { object_story_spec: { ...spec, instagram_user_id: '17841400000000001' } })).status).toBe(200);
      const wrong = await postJson(`${api}/${ACCOUNT}/adcreatives`, token, { object_story_spec: { ...spec, instagram_user_id: '999' } });
      expect(wrong.body.error).toMatchObject({ code: 100, error_user_title: 'Invalid Instagram account' });
    } finally {
      await t.close();
    }
  });

  it('the fail hook makes the next creates of one edge answer a transient error, creating nothing', async () => {
    const t = await startTestSandbox();
    try {
      const token = await adsToken(t.sandbox);
      const api = t.sandbox.apps().facebook.urls.api;
      expect((await postJson(`${t.sandbox.url}/__sandbox/ads/fail`, '', { edge: 'nope' })).status).toBe(400);
      expect((await postJson(`${t.sandbox.url}/__sandbox/ads/fail`, '', { edge: 'campaigns', times: 2 })).body).toEqual({ edge: 'campaigns', times: 2 });
      const campaign = { name: 'C', objective: 'OUTCOME_SALES', status: 'PAUSED', special_ad_categories: [] };
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await postJson(`${api}/${ACCOUNT}/campaigns`, token, campaign);
        expect(failed.status).toBe(500);
        expect(failed.body.error).toMatchObject({ code: 2, is_transient: true });
      }
      expect((await adsHook(t.sandbox)).campaigns).toEqual([]);
      expect((await postJson(`${api}/${ACCOUNT}/campaigns`, token, campaign)).status).toBe(200);
      expect((await adsHook(t.sandbox)).campaigns).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
