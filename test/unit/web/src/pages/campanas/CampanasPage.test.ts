/**
 * The Campañas page's parts (issue 15) rendered to HTML with their providers and a cache that
 * already holds the server's answers: the list (offline mark, figures, empty state), a proposal
 * (split table with its totals and lock toggles, creatives with the image actions, posts, KPI
 * ranges with the region outside Spain, 'Aprobar campaña'), an approved campaign (results, funnel,
 * spend input, the Meta draft's state; nothing editable but the split).
 */
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '@director-ia/shared';
import { campaign, renderWithCache as render, results } from '../../features/campaigns/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { CampaignList } = await import('../../../../../../web/src/pages/campanas/CampaignList');
const { CampaignDetail } = await import('../../../../../../web/src/pages/campanas/CampaignDetail');
const { campaignKey, campaignListKey } = await import('../../../../../../web/src/features/campaigns');

const summary = (change: Partial<CampaignSummary> = {}): CampaignSummary => ({
  id: 'c-1',
  name: 'Rebajas de otoño',
  status: 'propuesta',
  objective: 'leads',
  startDate: '2030-10-01',
  endDate: '2030-10-10',
  networks: ['facebook', 'instagram'],
  offline: true,
  results: results(),
  createdAt: '2030-09-19T10:00:00.000Z',
  ...change,
});

describe('CampaignList', () => {
  const noop = () => undefined;

  it('shows each campaign with its figures and the offline mark', () => {
    const html = render(createElement(CampaignList, { onNew: noop, onOpen: noop }), (client) => client.setQueryData(campaignListKey, [summary(), summary({ id: 'c-2', name: 'Primavera', status: 'aprobada', offline: false })]));
    expect(html).toContain('aria-label="Campañas"');
    expect(html).toContain('data-campaign-id="c-1"');
    expect(html).toContain('Sin conexión: propuesta sin modelo de IA');
    expect(html.match(/Sin conexión/g)).toHaveLength(1);
    expect(html).toContain('Propuesta');
    expect(html).toContain('Aprobada');
    expect(html).toContain('600\u00a0€');
    expect(html).toContain('30,86\u00a0€');
    expect(html).toContain('Facebook, Instagram');
    expect(html).toContain('aria-label="Abrir la campaña Primavera"');
    expect(html).toContain('Nueva campaña');
  });

  it('invites to create the first campaign when there is none', () => {
    const html = render(createElement(CampaignList, { onNew: noop, onOpen: noop }), (client) => client.setQueryData(campaignListKey, []));
    expect(html).toContain('Aún no tienes campañas');
    expect(html).toContain('Crear mi primera campaña');
  });
});

describe('CampaignDetail', () => {
  it('shows a proposal: split with totals and locks, creatives, posts, KPIs, approval', () => {
    const proposal = campaign({ status: 'propuesta', approvedAt: undefined, postIds: [] });
    const html = render(createElement(CampaignDetail, { id: 'c-1', onBack: () => undefined }), (client) => client.setQueryData(campaignKey('c-1'), { campaign: proposal, results: results({ spendCents: null, spendSource: null }) }));
    expect(html).toContain('aria-label="Reparto del presupuesto por red y semana"');
    expect(html).toContain('aria-label="Facebook, semana 2 (€)"');
    expect(html).toContain('value="100,50"');
    expect(html).toContain('aria-label="Bloquear Instagram, semana 1"');
    // Row totals, week totals and the grand total (the budget).
    expect(html).toContain('300,50\u00a0€');
    expect(html).toContain('350\u00a0€');
    expect(html).toMatch(/data-testid="split-grand-total"><strong>600\u00a0€<\/strong>/);
    expect(html).toContain('Generar imagen');
    expect(html).toContain('Elegir de la galería');
    // The Facebook creative lacks the image a Meta draft needs; Instagram's has it.
    expect(html).toContain('Cada anuncio de Facebook necesita una imagen');
    expect(html).not.toContain('Cada anuncio de Instagram');
    expect(html).toContain('src="https://files.example/img-1.png"');
    expect(html).toContain('Empieza el otoño en calma');
    expect(html).toContain('aria-label="Editar la publicación Empieza el otoño en calma"');
    expect(html).toContain('0,9\u00a0% – 1,5\u00a0%');
    expect(html).toContain('Europa');
    expect(html).toContain('Aprobar campaña');
    expect(html).toContain('Eliminar campaña');
    expect(html).toContain('Exportar CSV');
    expect(html).toContain('Vista para imprimir');
    expect(html).not.toContain('Resultados</h2>');
    expect(html).not.toContain('Borrador en Meta');
  });

  it('shows an approved campaign: results, funnel, spend input, Meta draft state; creatives and posts no longer editable', () => {
    const approved = campaign({
      meta: { adAccountId: 'act_1', campaignId: 'mc-1', adSetIds: ['as-1', 'as-2'], adIds: ['ad-1'], status: 'PAUSED', complete: true, sandbox: true, createdAt: '2030-09-21T10:00:00.000Z' },
    });
    const html = render(createElement(CampaignDetail, { id: 'c-1', onBack: () => undefined }), (client) => client.setQueryData(campaignKey('c-1'), { campaign: approved, results: results() }));
    expect(html).toContain('Resultados</h2>');
    expect(html).toContain('Gasto (indicado por ti)');
    expect(html).toContain('Gasto hasta hoy (€)');
    expect(html).toContain('value="123,45"');
    expect(html).toContain('90 únicos');
    expect(html).toContain('aria-label="Embudo"');
    for (const step of ['Publicadas', 'Clics', 'Conversaciones', 'Leads']) expect(html).toContain(step);
    expect(html).toContain('Borrador en Meta, en pausa');
    expect(html).toContain('Red de pruebas');
    expect(html).toContain('as-1, as-2');
    expect(html).toContain('No se lanza nada');
    expect(html).not.toContain('Aprobar campaña');
    expect(html).not.toContain('Generar imagen');
    expect(html).not.toContain('Editar la publicación');
    expect(html).toContain('aria-label="Facebook, semana 1 (€)"');
    // The budget is fixed once approved (the server refuses it): only the split stays editable.
    expect(html).not.toContain('Cambiar presupuesto');
  });

  it("hides the owner's spend input when Meta reports the spend", () => {
    const html = render(createElement(CampaignDetail, { id: 'c-1', onBack: () => undefined }), (client) => client.setQueryData(campaignKey('c-1'), { campaign: campaign(), results: results({ spendSource: 'meta' }) }));
    expect(html).toContain('Gasto (informado por Meta)');
    expect(html).not.toContain('Gasto hasta hoy');
  });
});

describe('creatives\' tracked links (issue 15 item 4)', () => {
  it('shows a creative\'s own tracked link with its copy button, and none for a creative without one', () => {
    const html = render(createElement(CampaignDetail, { id: 'c-1', onBack: () => undefined }), (client) => client.setQueryData(campaignKey('c-1'), { campaign: campaign({ status: 'aprobada' }), results: results() }));
    expect(html).toContain('data-link-code="Ab3dEf9h"');
    expect(html).toContain('https://app.example/r/Ab3dEf9h');
    expect(html).toContain('Enlace de seguimiento');
    expect(html.match(/data-link-code=/g)).toHaveLength(1);
  });
});
