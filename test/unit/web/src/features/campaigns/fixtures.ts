/** A campaign and its results as verCampana answers them (issue 15), and a cached render, for the web's unit tests. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Campaign, CampaignResults, Creative, PlannedPost } from '@director-ia/shared';
import { assetsKey } from '../../../../../../web/src/features/assets';
import { ToastProvider } from '../../../../../../web/src/ui/toast/ToastProvider';

export const creative = (change: Partial<Creative> = {}): Creative => ({
  id: 'cr-1',
  network: 'facebook',
  headline: 'Yoga en Málaga',
  primaryText: 'Tu primera semana, gratis.',
  callToAction: 'SIGN_UP',
  imagePrompt: 'Clase de yoga al amanecer',
  ...change,
});

export const post = (change: Partial<PlannedPost> = {}): PlannedPost => ({
  id: 'p-1',
  title: 'Empieza el otoño en calma',
  content: 'Ven a probar una clase.',
  scheduledDate: '2030-10-02',
  time: '19:00',
  platform: 'instagram',
  status: 'propuesto',
  versions: [],
  media: [],
  ...change,
});

export function campaign(change: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c-1',
    name: 'Rebajas de otoño',
    status: 'aprobada',
    brief: {
      name: 'Rebajas de otoño',
      objective: 'leads',
      budget: 600,
      startDate: '2030-10-01',
      endDate: '2030-10-10',
      networks: ['facebook', 'instagram'],
      offer: 'Clases de yoga: primera semana gratis.',
      audience: { locations: [{ kind: 'provincia', name: 'Málaga' }], ageMin: 25, ageMax: 65, interests: ['yoga', 'pilates'] },
      landingUrl: 'https://tienda.example/oferta',
    },
    budgetCents: 60_000,
    weeks: [
      { week: 1, start: '2030-10-01', end: '2030-10-07' },
      { week: 2, start: '2030-10-08', end: '2030-10-10' },
    ],
    proposal: {
      summary: 'Facebook para llegar, Instagram para convencer.',
      split: [
        { network: 'facebook', week: 1, cents: 20_000 },
        { network: 'facebook', week: 2, cents: 10_050 },
        { network: 'instagram', week: 1, cents: 15_000 },
        { network: 'instagram', week: 2, cents: 14_950 },
      ],
      audiences: [{ network: 'facebook', description: 'Adultos cerca del estudio.', locations: [{ kind: 'ciudad', name: 'Marbella' }], ageMin: 30, ageMax: 55, interests: ['yoga'] }],
      creatives: [creative(), creative({ id: 'cr-2', network: 'instagram', headline: '=Oferta', assetId: 'img-1', imagePrompt: undefined, link: { code: 'Ab3dEf9h', url: 'https://app.example/r/Ab3dEf9h' } })],
      posts: [post()],
      kpis: [
        { network: 'facebook', kind: 'cpc', low: 0.3, high: 0.55, unit: 'eur', region: 'España', benchmarkIds: ['fb-cpc-es'] },
        { network: 'facebook', kind: 'ctr', low: 0.9, high: 1.5, unit: 'percent', region: 'Europa', benchmarkIds: ['fb-ctr-eu', 'fb-cpc-es'] },
        { network: 'facebook', kind: 'impresiones', low: 40_000, high: 75_000, unit: 'count', region: 'España', benchmarkIds: ['fb-cpm-es'] },
      ],
    },
    offline: true,
    model: 'offline',
    postIds: ['sp-1'],
    approvedAt: '2030-09-20T10:00:00.000Z',
    createdAt: '2030-09-19T10:00:00.000Z',
    updatedAt: '2030-09-20T10:00:00.000Z',
    ...change,
  };
}

export const results = (change: Partial<CampaignResults> = {}): CampaignResults => ({
  budgetCents: 60_000,
  spendCents: 12_345,
  spendSource: 'owner',
  published: 3,
  clicks: 120,
  uniqueClicks: 90,
  conversations: 8,
  leads: 4,
  costPerLeadCents: 3_086,
  ...change,
});

/**
 * `element` rendered to HTML inside the dashboard's providers, with a query cache `seed` filled
 * (the server's answers) and a gallery of one image 'img-1'. The test file mocks lib/auth and
 * lib/config first.
 */
export function renderWithCache(element: ReactElement, seed: (client: QueryClient) => void): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(assetsKey, [{ id: 'img-1', type: 'image', url: 'https://files.example/img-1.png' }]);
  seed(client);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(ToastProvider, null, element)));
}
