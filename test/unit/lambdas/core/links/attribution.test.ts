/**
 * resolveAttribution against DynamoDB Local (issue 15 item 4): a visit's `ref` counts only as a
 * tracked link of the same brand (another brand's, an unknown or a malformed code is ignored, never
 * an error), giving what the link was made for, its title now (post, article, campaign, creative),
 * its network and campaign; the visit's UTM is kept as text either way.
 */
import { describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';

const SITE = 'https://marca.example.test';
await useDomainEnv({ SITE_URL: SITE });
const { resolveAttribution } = await import('../../../../../lambdas/core/links/attribution');
const { createTrackedLink } = await import('../../../../../lambdas/core/links/links');
const { createScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const { articles } = await import('../../../../../lambdas/platform/db/entities/article');
const { campaigns } = await import('../../../../../lambdas/platform/db/entities/campaign');

const NOW = new Date('2031-05-06T10:00:00Z');
const AT = NOW.toISOString();
const UTM = { source: 'instagram', medium: 'social', campaign: 'otono' };

const linkFor = (sub: string, source: Parameters<typeof createTrackedLink>[1]['source']) => createTrackedLink(sub, { targetUrl: `${SITE}/blog/mi-blog`, source, utm: UTM }, NOW);

async function campaign(sub: string, id: string, name: string) {
  const proposal = { creatives: [{ id: 'cr-1', network: 'facebook', headline: 'Café de otoño', primaryText: 'x', callToAction: 'LEARN_MORE' }] };
  await campaigns()
    .create({ uid: sub, id, name, status: 'aprobada', revision: 1, budgetCents: 10_000, briefJson: '{}', proposalJson: JSON.stringify(proposal), offline: true, model: 'offline', createdAt: AT, updatedAt: AT })
    .go();
}

describe('resolveAttribution', () => {
  it("resolves a ref of the brand's own post link: kind, id, the post's title, network and campaign with its name", async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'Oferta de otoño', content: 'Texto', scheduledDate: '2031-05-07', platform: 'instagram', status: 'propuesto' }, NOW);
    await campaign(sub, 'camp-1', 'Otoño');
    const { code } = await linkFor(sub, { kind: 'post', id: post.id, network: 'instagram', campaignId: 'camp-1' });
    expect(await resolveAttribution(sub, { ref: code, utmSource: 'instagram', utmMedium: 'social' })).toEqual({
      ref: code,
      kind: 'post',
      sourceId: post.id,
      sourceTitle: 'Oferta de otoño',
      network: 'instagram',
      campaignId: 'camp-1',
      campaignName: 'Otoño',
      utm: { source: 'instagram', medium: 'social' },
    });
  });

  it("gives an article's title, a campaign link's own name and campaign, and a creative's headline", async () => {
    const sub = uniqueSub();
    await articles()
      .create({ uid: sub, id: 'art-1', title: 'El tueste perfecto', slug: 'el-tueste', summary: '', body: '', status: 'published', origin: 'owner', offline: true, model: 'offline', createdAt: AT, updatedAt: AT })
      .go();
    await campaign(sub, 'camp-2', 'Primavera');
    const article = await linkFor(sub, { kind: 'article', id: 'art-1' });
    const whole = await linkFor(sub, { kind: 'campaign', id: 'camp-2' });
    const creative = await linkFor(sub, { kind: 'creative', id: 'cr-1', network: 'facebook', campaignId: 'camp-2' });
    expect(await resolveAttribution(sub, { ref: article.code })).toEqual({ ref: article.code, kind: 'article', sourceId: 'art-1', sourceTitle: 'El tueste perfecto' });
    expect(await resolveAttribution(sub, { ref: whole.code })).toEqual({ ref: whole.code, kind: 'campaign', sourceId: 'camp-2', sourceTitle: 'Primavera', campaignId: 'camp-2', campaignName: 'Primavera' });
    expect(await resolveAttribution(sub, { ref: creative.code })).toEqual({
      ref: creative.code,
      kind: 'creative',
      sourceId: 'cr-1',
      sourceTitle: 'Café de otoño',
      network: 'facebook',
      campaignId: 'camp-2',
      campaignName: 'Primavera',
    });
  });

  it("keeps what the link says when its post is gone (no title, never an error)", async () => {
    const sub = uniqueSub();
    const { code } = await linkFor(sub, { kind: 'post', id: 'borrado', network: 'facebook' });
    expect(await resolveAttribution(sub, { ref: code })).toEqual({ ref: code, kind: 'post', sourceId: 'borrado', network: 'facebook' });
  });

  it("ignores another brand's link: only the visit's UTM is kept", async () => {
    const owner = uniqueSub();
    const other = uniqueSub();
    const { code } = await linkFor(owner, { kind: 'post', id: 'p-1', network: 'instagram' });
    expect(await resolveAttribution(other, { ref: code, utmCampaign: 'otono' })).toEqual({ utm: { campaign: 'otono' } });
    expect(await resolveAttribution(other, { ref: code })).toBeUndefined();
  });

  it('ignores an unknown or malformed ref', async () => {
    const sub = uniqueSub();
    expect(await resolveAttribution(sub, { ref: 'Zz9yXw8v' })).toBeUndefined();
    expect(await resolveAttribution(sub, { ref: '../x' })).toBeUndefined();
    expect(await resolveAttribution(sub, { ref: 'Zz9yXw8v', utmSource: 'newsletter' })).toEqual({ utm: { source: 'newsletter' } });
  });

  it('keeps UTM only visits as text, and nothing for no visit', async () => {
    const sub = uniqueSub();
    expect(await resolveAttribution(sub, { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'mayo', utmContent: 'boton' })).toEqual({
      utm: { source: 'newsletter', medium: 'email', campaign: 'mayo', content: 'boton' },
    });
    expect(await resolveAttribution(sub, {})).toBeUndefined();
    expect(await resolveAttribution(sub, undefined)).toBeUndefined();
  });
});
