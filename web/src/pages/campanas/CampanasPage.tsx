/**
 * Spec 2 'campanas' — Campañas (issue 15): the brand's campaigns (list with their results), a new
 * campaign's brief form (item 1), a campaign's proposal and results (items 2, 3, 5) and its
 * printable view (item 6). The dashboard has no URL routes (app/entry/surface.ts): the page keeps
 * which of these it shows in its own state, and the printable view opens over the dashboard (a
 * portal that print CSS leaves alone on paper).
 */
import { useState } from 'react';
import { PAGES } from '@director-ia/shared';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { PageHeader } from '../../ui/PageHeader';
import { BriefFormView } from './BriefFormView';
import { CampaignDetail } from './CampaignDetail';
import { CampaignList } from './CampaignList';

const page = PAGES.find((p) => p.key === 'campanas');

/** What the page shows. */
export type CampaignsView = { kind: 'list' } | { kind: 'new' } | { kind: 'campaign'; id: string };

export default function CampanasPage() {
  const [view, setView] = useState<CampaignsView>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  const open = (id: string) => setView({ kind: 'campaign', id });
  return (
    <>
      <PageHeader title={page?.title ?? 'Campañas'} eyebrow={CAMPAIGN_UI.eyebrow} subtitle={CAMPAIGN_UI.subtitle} />
      {view.kind === 'list' && <CampaignList onNew={() => setView({ kind: 'new' })} onOpen={open} />}
      {view.kind === 'new' && <BriefFormView onCancel={toList} onCreated={open} />}
      {view.kind === 'campaign' && <CampaignDetail key={view.id} id={view.id} onBack={toList} />}
    </>
  );
}
