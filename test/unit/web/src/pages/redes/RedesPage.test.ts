/**
 * The Redes page (spec 2 'redes', issue 12 item 1) rendered to HTML with its providers: the spec's
 * title, the eight cards in the order of SOCIAL_NETWORKS once listarRedes answered, and the
 * loading state before.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MSG, SOCIAL_NETWORKS } from '@director-ia/shared';
import { card } from '../../features/social/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { default: RedesPage } = await import('../../../../../../web/src/pages/redes/RedesPage');
const { socialNetworksKey } = await import('../../../../../../web/src/features/social');
const { ToastProvider } = await import('../../../../../../web/src/ui/toast/ToastProvider');

function render(client: QueryClient) {
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(ToastProvider, null, createElement(RedesPage))));
}

describe('RedesPage', () => {
  it("shows the spec's title and the eight cards in order", () => {
    const client = new QueryClient();
    client.setQueryData(socialNetworksKey, SOCIAL_NETWORKS.map((network) => card(network)));
    const html = render(client);
    expect(html).toMatch(/<h1[^>]*>Conectar Redes Sociales<\/h1>/);
    expect([...html.matchAll(/data-network="([a-z]+)"/g)].map((match) => match[1])).toEqual([...SOCIAL_NETWORKS]);
    expect(html.match(/aria-label="Conectar [^"]+"/g)).toHaveLength(8);
  });

  it('is loading before listarRedes answers', () => {
    const html = render(new QueryClient());
    expect(html).toContain(MSG.loading);
    expect(html).not.toContain('data-network=');
  });
});
