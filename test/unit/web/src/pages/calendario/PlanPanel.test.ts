/**
 * The proposed-plan panel (issue 13 items 1–2) rendered to HTML with its providers, once the
 * gallery (listarRecursos), the network cards (listarRedes) and validatePost have answered: each
 * proposed post's preview shows its gallery media; a post whose connected network refuses it is
 * marked blocking (`data-blocking`, red reasons) and counted in the "Aprobar Plan" warning; one
 * for a network that is not connected shows its reasons as a note with "… no está conectado" and
 * is not counted; while the cards are unknown, reasons count as blocking.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, SOCIAL_NETWORKS, validatePost, type Asset, type PlannedPost, type PlanProposal, type SocialConnection } from '@director-ia/shared';
import { card } from '../../features/social/fixtures';
import { asset, plannedPost } from '../../features/publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { PlanPanel } = await import('../../../../../../web/src/pages/calendario/PlanPanel');
const { proposalCheck } = await import('../../../../../../web/src/pages/calendario/ProposedPost');
const { assetsKey } = await import('../../../../../../web/src/features/assets');
const { socialNetworksKey } = await import('../../../../../../web/src/features/social');
const { draftProblemsKey, PUBLISHING_UI } = await import('../../../../../../web/src/features/publishing');
const { ToastProvider } = await import('../../../../../../web/src/ui/toast/ToastProvider');

const gallery = [asset('img'), asset('clip', { type: 'video', mediaType: 'video/mp4', size: 1000 })];
/** The eight cards, `connected` ones 'conectada'. */
const cards = (...connected: string[]) => SOCIAL_NETWORKS.map((network) => card(network, connected.includes(network) ? { state: 'conectada' } : {}));

/** The panel of `posts` once the gallery, the cards (unless undefined) and every post's validatePost have answered. */
async function render(posts: PlannedPost[], connections: SocialConnection[] | undefined, assets: Asset[] = gallery): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(assetsKey, assets);
  if (connections) client.setQueryData(socialNetworksKey, connections);
  for (const post of posts) {
    const check = proposalCheck(post, assets);
    if (check?.draft) client.setQueryData(draftProblemsKey(check.network, check.draft), await validatePost(check.network, check.draft));
  }
  const plan: PlanProposal = { planId: 'plan-1', month: '2026-07', title: 'Julio en flor', budget: 300, posts, offline: true, model: 'offline' };
  const panel = createElement(PlanPanel, { plan, busy: null, onApprove: () => undefined, onReject: () => undefined });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(ToastProvider, null, panel)));
}

/** The proposed post `id`'s list item. */
const item = (html: string, id: string) => html.match(new RegExp(`<li[^>]*data-post-id="${id}"[^>]*>.*?</li>(?=<li[^>]*data-post-id|</ol>)`))?.[0] ?? '';
const opening = (html: string) => html.match(/^<li[^>]*>/)?.[0] ?? '';

const posts = [
  plannedPost({ id: 'ig', platform: 'instagram', media: ['img'] }),
  plannedPost({ id: 'tt', platform: 'tiktok', media: [] }),
  plannedPost({ id: 'x', platform: 'x', content: 'a'.repeat(300) }),
  plannedPost({ id: 'fb', platform: 'facebook', media: ['gone'] }),
];

describe('PlanPanel', () => {
  it("shows each post's gallery media in its preview", async () => {
    const html = await render([plannedPost({ id: 'yt', platform: 'youtube', media: ['clip'] }), posts[0] as PlannedPost], cards('instagram', 'youtube'));
    expect(item(html, 'yt')).toMatch(/<video[^>]*src="https:\/\/files.example\/clip"/);
    expect(item(html, 'ig')).toMatch(/<img[^>]*src="https:\/\/files.example\/img"/);
    expect(item(html, 'ig')).toContain(PUBLISHING_UI.ready('instagram'));
    expect(html).not.toContain(PUBLISHING_UI.planHasProblems(1));
  });

  it('blocks and counts only the posts whose connected network refuses them', async () => {
    const html = await render(posts, cards('instagram', 'x', 'facebook'));
    expect(html).toContain(PUBLISHING_UI.planHasProblems(2));
    expect(opening(item(html, 'x'))).toContain('data-blocking="true"');
    expect(item(html, 'x')).toMatch(/<div role="group"[^>]*data-blocking="true"/);
    expect(opening(item(html, 'fb'))).toContain('data-blocking="true"');
    expect(item(html, 'fb')).toContain(PUBLICATION_MSG.mediaMissing);
    expect(opening(item(html, 'ig'))).not.toContain('data-blocking');
  });

  it('notes the reasons of a post for a network that is not connected, and says so', async () => {
    const html = await render(posts, cards('instagram', 'x', 'facebook'));
    const tiktok = item(html, 'tt');
    expect(opening(tiktok)).toContain('data-invalid="true"');
    expect(opening(tiktok)).not.toContain('data-blocking');
    expect(tiktok).toMatch(/<div role="group"[^>]*data-blocking="false"/);
    expect(tiktok).toContain(PUBLICATION_MSG.notConnected('tiktok'));
    expect(item(html, 'x')).not.toContain(PUBLICATION_MSG.notConnected('x'));
  });

  it('warns of nothing when no refusing network is connected', async () => {
    const html = await render(posts, cards());
    expect(html).not.toMatch(/no pueden? salir tal como/);
    expect(html.match(/data-not-connected/g)).toHaveLength(4);
  });

  it('counts the reasons as blocking while the network cards are unknown', async () => {
    const html = await render(posts, undefined);
    expect(html).toContain(PUBLISHING_UI.planHasProblems(3));
    expect(html).not.toContain('data-not-connected');
  });
});
