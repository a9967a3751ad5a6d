/**
 * Campaign fixtures for the domain tests of lambdas/core/campaigns (issue 15): a brief, the offline
 * and a scripted AI provider, gallery images stored through the entity, a publication view as the
 * mocked publishing engine answers it, and a proposal's posts as editarCampana takes them. Needs a
 * domain env (TABLE_NAME) before the entity is used.
 */
import type { Campaign, CampaignBrief, CallableInput, Publication, SocialNetwork } from '@director-ia/shared';
import type { AiProvider } from '../../lambdas/platform/ai/types';
import { assets } from '../../lambdas/platform/db/entities/asset';

/** The site the tests configure (SITE_URL). */
export const CAMPAIGN_SITE = 'https://app.example.com';
/** The tests' clock: the day before the brief starts. */
export const CAMPAIGN_NOW = new Date('2031-03-02T10:00:00.000Z');

/** The Done-when brief (leads, 600 €, 4 weeks, Instagram + Facebook, Valencia) with `overrides`. */
export const campaignBrief = (overrides: Partial<CampaignBrief> = {}): CampaignBrief => ({
  name: 'Primavera en Valencia',
  objective: 'leads',
  budget: 600,
  startDate: '2031-03-03',
  endDate: '2031-03-30',
  networks: ['instagram', 'facebook'],
  offer: 'Primera clase de yoga gratis',
  audience: { locations: [{ kind: 'provincia', name: 'valencia' }], ageMin: 25, ageMax: 45, interests: ['yoga'] },
  landingUrl: 'https://tuweb.es/oferta',
  ...overrides,
});

const unused = () => Promise.reject(new Error('unused'));
/** The offline provider (no model). */
export const OFFLINE_PROVIDER: AiProvider = { id: 'offline', offline: true, generateText: unused, generateJson: unused, generateImage: unused, embed: unused };
/** A provider whose model answers `answer`. */
export const answeringProvider = (answer: unknown): AiProvider => ({
  ...OFFLINE_PROVIDER,
  id: 'openai-compatible',
  offline: false,
  generateJson: (() => Promise.resolve({ value: answer, offline: false, model: 'guion' })) as AiProvider['generateJson'],
});

/** Stores a JPEG of `sub`'s gallery (an avatar with `type` 'avatar'); answers its id. */
export async function galleryImage(sub: string, id: string, type: 'image' | 'avatar' = 'image'): Promise<string> {
  await assets().create({ uid: sub, id, type, prompt: `Foto ${id}`, key: `users/${sub}/assets/${id}.jpg`, mediaType: 'image/jpeg', size: 200_000, offline: true, model: 'offline', createdAt: CAMPAIGN_NOW.toISOString() }).go();
  return id;
}

/** A scheduled publication view of `network`, as the mocked engine answers. */
export function scheduledPublication(network: Publication['network']): Publication {
  return { id: `pub-${network}`, network, targetId: null, targetName: null, state: 'programado', dueAt: '2031-03-05T18:00:00.000Z', publishedAt: null, url: null, reason: null, fix: null, privacy: 'public', sandbox: true };
}

type PostEdit = NonNullable<CallableInput<'editarCampana'>['posts']>[number];
/** The proposal's posts as editarCampana takes them. */
export const editablePosts = (campaign: Campaign): PostEdit[] => campaign.proposal.posts.map(({ status: _status, platform, ...post }) => ({ ...post, platform: platform as SocialNetwork }));
