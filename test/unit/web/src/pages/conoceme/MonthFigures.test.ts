/** Conóceme's figures of the month (issue 15 item 5): the seven figures of obtenerCifrasMes for the current month. */
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { currentMonth, type MonthFigures } from '@director-ia/shared';
import { renderWithCache } from '../../features/campaigns/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { MonthFiguresRow: Figures } = await import('../../../../../../web/src/pages/conoceme/MonthFigures');
const { monthFiguresKey } = await import('../../../../../../web/src/features/campaigns');

describe('Conóceme figures', () => {
  it("shows the month's seven figures", () => {
    const figures: MonthFigures = { month: currentMonth(), published: 12, clicks: 1_234, conversations: 9, leads: 5, spendCents: 45_000, costPerLeadCents: 9_000, activeCampaigns: 2 };
    const html = renderWithCache(createElement(Figures), (client) => client.setQueryData(monthFiguresKey(currentMonth()), figures));
    for (const label of ['Publicaciones', 'Clics', 'Conversaciones', 'Leads', 'Gasto', 'Coste por lead', 'Campañas activas']) expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toMatch(/<dd><span[^>]*>1234<\/span><\/dd>/);
    expect(html).toContain('>450\u00a0€<');
    expect(html).toContain('>90\u00a0€<');
  });

  it('keeps its place with dashes while the figures are read', () => {
    const html = renderWithCache(createElement(Figures), () => undefined);
    expect(html).toContain('aria-busy="true"');
    expect(html.match(/>—</g)).toHaveLength(7);
  });
});
