/**
 * The Marketing API client (issue 15 item 3) against the twin's "Red de pruebas" in-process: the
 * request shapes Meta documents (as the sandbox records them), what each call answers, and the
 * error rule (Meta's words for a refused object, a transient error as unavailable, a missing
 * permission as denied).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkApp } from '../../../../../../lambdas/platform/social/types';
import { CLIENT_SETUP, connectWith, postJson, send, startTestSandbox, type TestSandbox } from '../../../../infra/local/social-sandbox/support';

const ACCOUNT = 'act_400000000000001';
const PAGE = '200000000000001';
const INSTAGRAM = '17841400000000001';
const NO_ADS_SCOPE = CLIENT_SETUP.facebook.scope.split(',').filter((scope) => scope !== 'ads_management').join(',');

let t: TestSandbox;
let app: NetworkApp;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox();
  const { networkAppsFromJson } = await import('../../../../../../lambdas/platform/social/apps');
  app = networkAppsFromJson(t.sandbox.apps()).facebook as NetworkApp;
  process.env.OUTBOUND_ALLOWED_ORIGINS = new URL(t.sandbox.url).host;
  token = (await connectWith(t.sandbox, 'facebook', { scope: CLIENT_SETUP.facebook.scope })).body.access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOWED_ORIGINS;
  await t?.close();
});

const ads = () => import('../../../../../../lambdas/platform/social/ads/meta');
/** The last request the sandbox recorded whose path ends with `suffix`. */
const lastRequest = (suffix: string) => t.sandbox.requests('facebook').filter((record) => record.path.endsWith(suffix)).at(-1);
const hook = async () => (await send(`${t.sandbox.url}/__sandbox/ads`)).body as { campaigns: Record<string, unknown>[] };

describe('the Marketing API client', () => {
  it('reads permissions, ad accounts and targeting keys', async () => {
    const client = await ads();
    expect(await client.grantedPermissions(app, token)).toContain('ads_management');
    expect(await client.listAdAccounts(app, token)).toEqual([{ id: ACCOUNT, name: 'Cuenta publicitaria de pruebas', currency: 'EUR', status: 1 }]);
    expect(lastRequest('/me/adaccounts')?.query).toMatchObject({ fields: 'id,account_id,name,currency,account_status' });
    expect(await client.searchLocation(app, token, { name: 'Sevilla', kind: 'region' })).toEqual({ key: '3540', name: 'Sevilla' });
    expect(lastRequest('/search')?.query).toMatchObject({ type: 'adgeolocation', q: 'Sevilla', country_code: 'ES', location_types: '["region"]' });
    expect(await client.searchLocation(app, token, { name: 'Narnia', kind: 'region' })).toBeNull();
    expect((await client.searchLocation(app, token, { name: 'Getafe', kind: 'city' }))?.key).toMatch(/^\d{7}$/);
    expect((await client.searchInterest(app, token, 'Yoga'))?.id).toMatch(/^6003\d{10}$/);
  });

  it('creates a paused campaign, ad set, creative and ad with the documented fields', async () => {
    const client = await ads();
    const campaignId = await client.createCampaign(app, token, ACCOUNT, { name: 'Rebajas', objective: 'OUTCOME_TRAFFIC' });
    expect(lastRequest('/campaigns')?.body).toEqual({ name: 'Rebajas', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], buying_type: 'AUCTION', is_adset_budget_sharing_enabled: false });
    const adSetId = await client.createAdSet(app, token, ACCOUNT, {
      name: 'Rebajas · Instagram',
      campaignId,
      lifetimeBudgetCents: 12_345,
      startTime: '2030-03-01T23:00:00.000Z',
      endTime: '2030-03-15T23:00:00.000Z',
      optimizationGoal: 'LINK_CLICKS',
      destinationType: 'WEBSITE',
      publisherPlatform: 'instagram',
      regions: [{ key: '3530', name: 'Madrid' }],
      cities: [{ key: '1234567', name: 'Getafe' }],
      ageMin: 25,
      ageMax: 45,
      interests: [{ id: '6003000000001', name: 'Yoga' }],
      dsaName: 'Página de pruebas',
    });
    expect(lastRequest('/adsets')?.body).toEqual({
      name: 'Rebajas · Instagram',
      campaign_id: campaignId,
      lifetime_budget: 12_345,
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'LINK_CLICKS',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
      destination_type: 'WEBSITE',
      start_time: '2030-03-01T23:00:00.000Z',
      end_time: '2030-03-15T23:00:00.000Z',
      targeting: {
        geo_locations: { regions: [{ key: '3530' }], cities: [{ key: '1234567' }] },
        age_min: 25,
        age_max: 45,
        publisher_platforms: ['instagram'],
        interests: [{ id: '6003000000001', name: 'Yoga' }],
        targeting_automation: { advantage_audience: 0 },
      },
      dsa_beneficiary: 'Página de pruebas',
      dsa_payor: 'Página de pruebas',
      status: 'PAUSED',
    });
    const creativeId = await client.createAdCreative(app, token, ACCOUNT, {
      name: 'Rebajas · Hasta -50 %',
      pageId: PAGE,
      instagramUserId: INSTAGRAM,
      link: 'http://localhost:5173/r/AbCdEf12',
      message: 'Texto',
      headline: 'Hasta -50 %',
      callToAction: 'SHOP_NOW',
      pictureUrl: 'https://bucket.example/a.jpg',
    });
    expect(lastRequest('/adcreatives')?.body).toEqual({
      name: 'Rebajas · Hasta -50 %',
      object_story_spec: {
        page_id: PAGE,
        instagram_user_id: INSTAGRAM,
        link_data: {
          link: 'http://localhost:5173/r/AbCdEf12',
          message: 'Texto',
          name: 'Hasta -50 %',
          picture: 'https://bucket.example/a.jpg',
          call_to_action: { type: 'SHOP_NOW', value: { link: 'http://localhost:5173/r/AbCdEf12' } },
        },
      },
    });
    const adId = await client.createAd(app, token, ACCOUNT, { name: 'Anuncio', adSetId, creativeId });
    expect(lastRequest('/ads')?.body).toEqual({ name: 'Anuncio', adset_id: adSetId, creative: { creative_id: creativeId }, status: 'PAUSED' });
    const listed = (await hook()).campaigns.find((campaign) => campaign.id === campaignId) as { status: string; adsets: { id: string; status: string; ads: { id: string; status: string }[] }[] };
    expect(listed.status).toBe('PAUSED');
    expect(listed.adsets).toEqual([expect.objectContaining({ id: adSetId, status: 'PAUSED', ads: [expect.objectContaining({ id: adId, status: 'PAUSED' })] })]);
  });

  it('reads insights: zero before delivery, then spend in cents', async () => {
    const client = await ads();
    const campaignId = await client.createCampaign(app, token, ACCOUNT, { name: 'Gasto', objective: 'OUTCOME_AWARENESS' });
    expect(await client.readInsights(app, token, campaignId)).toEqual({ spendCents: 0, impressions: 0, clicks: 0 });
    await postJson(`${t.sandbox.url}/__sandbox/ads/insights`, '', { campaignId, spend: 12.34, impressions: 2000, clicks: 40 });
    expect(await client.readInsights(app, token, campaignId)).toEqual({ spendCents: 1234, impressions: 2000, clicks: 40 });
    expect(lastRequest('/insights')?.query).toMatchObject({ fields: 'spend,impressions,clicks', date_preset: 'maximum' });
  });

  it('maps Meta refusals: the words for people, transient errors, missing permissions', async () => {
    const client = await ads();
    const { NetworkError } = await import('../../../../../../lambdas/platform/social/types');
    const campaignId = await client.createCampaign(app, token, ACCOUNT, { name: 'Errores', objective: 'OUTCOME_TRAFFIC' });
    const spec = {
      name: 'S',
      campaignId,
      lifetimeBudgetCents: 1000,
      startTime: '2030-03-02T00:00:00Z',
      endTime: '2030-03-01T00:00:00Z',
      optimizationGoal: 'LINK_CLICKS',
      publisherPlatform: 'facebook' as const,
      regions: [{ key: '3530', name: 'Madrid' }],
      cities: [],
      ageMin: 18,
      ageMax: 65,
      interests: [],
      dsaName: 'Página',
    };
    const refused = await client.createAdSet(app, token, ACCOUNT, spec).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({ kind: 'rejected', detail: 'Invalid schedule: The end_time of the ad set must be after its start_time.' });
    await postJson(`${t.sandbox.url}/__sandbox/ads/fail`, '', { edge: 'ads' });
    const transient = await client.createAd(app, token, ACCOUNT, { name: 'A', adSetId: '1', creativeId: '2' }).catch((error: unknown) => error);
    expect(transient).toMatchObject({ kind: 'unavailable' });
    expect(t.sandbox.requests('facebook').filter((record) => record.path.endsWith('/ads') && record.status === 500)).toHaveLength(1);
    const noAds = (await connectWith(t.sandbox, 'facebook', { scope: NO_ADS_SCOPE })).body.access_token;
    expect(await client.grantedPermissions(app, noAds)).not.toContain('ads_management');
    const denied = await client.createCampaign(app, noAds, ACCOUNT, { name: 'X', objective: 'OUTCOME_TRAFFIC' }).catch((error: unknown) => error);
    expect(denied).toMatchObject({ kind: 'denied' });
    expect(JSON.stringify(t.sandbox.requests('facebook'))).not.toContain(token);
  });
});
