/**
 * Spec 2 'taller' — 'Taller / Laboratorio IA': the owner's creative workshop in tabs (one component
 * file per tab): 'Edición de Imagen' (ImageEditingTab), 'Laboratorio de Identidad'
 * (IdentityLabTab), 'Estudio en Directo' (live/LiveStudioTab), 'Vídeo' (video/VideoTab: videos
 * composed from a text, an image or an audio, issue 18) and 'Galería' (GalleryTab, every generated asset). The image tab is part of this chunk; the others load on first visit. A tab once
 * opened stays mounted while hidden, so a result, a running preview or a half-typed prompt survive
 * switching tabs.
 */
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { PAGES } from '@director-ia/shared';
import { PageHeader } from '../../ui/PageHeader';
import { LoadingState } from '../../ui/QueryStates';
import { ImageEditingTab } from './ImageEditingTab';
import styles from './TallerPage.module.css';

const IdentityLabTab = lazy(() => import('./IdentityLabTab'));
const LiveStudioTab = lazy(() => import('./live/LiveStudioTab'));
const VideoTab = lazy(() => import('./video/VideoTab'));
const GalleryTab = lazy(() => import('./GalleryTab'));

export const TALLER_TABS = [
  { key: 'imagen', label: 'Edición de Imagen' },
  { key: 'identidad', label: 'Laboratorio de Identidad' },
  { key: 'directo', label: 'Estudio en Directo' },
  { key: 'video', label: 'Vídeo' },
  { key: 'galeria', label: 'Galería' },
] as const;
type TabKey = (typeof TALLER_TABS)[number]['key'];

const page = PAGES.find((p) => p.key === 'taller');

function TabContent({ tab, onOpenGallery, onOpenVideo }: { tab: TabKey; onOpenGallery: () => void; onOpenVideo: () => void }) {
  switch (tab) {
    case 'imagen':
      return <ImageEditingTab onOpenGallery={onOpenGallery} />;
    case 'identidad':
      return <IdentityLabTab onOpenVideoTab={onOpenVideo} onOpenGallery={onOpenGallery} />;
    case 'directo':
      return <LiveStudioTab />;
    case 'video':
      return <VideoTab onOpenGallery={onOpenGallery} />;
    case 'galeria':
      return <GalleryTab />;
  }
}

export default function TallerPage() {
  const [active, setActive] = useState<TabKey>('imagen');
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set(['imagen']));
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});

  const open = (tab: TabKey, focus = false) => {
    setActive(tab);
    setVisited((old) => (old.has(tab) ? old : new Set([...old, tab])));
    if (focus) tabRefs.current[tab]?.focus();
  };

  // WAI-ARIA tabs: arrows move between tabs, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TALLER_TABS.findIndex((t) => t.key === active);
    const last = TALLER_TABS.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    open(TALLER_TABS[target]!.key, true);
  };

  return (
    <>
      <PageHeader
        title={page?.title ?? 'Taller / Laboratorio IA'}
        eyebrow={page?.label}
        subtitle="Crea imágenes con la IA a partir de una instrucción y, si quieres, de una imagen de inspiración; prepara tu identidad digital y tus directos, y encuentra todo lo generado en la galería."
      />
      <div role="tablist" aria-label="Secciones del taller" className={styles.tabs} onKeyDown={onKeyDown}>
        {TALLER_TABS.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              tabRefs.current[tab.key] = el;
            }}
            type="button"
            role="tab"
            id={`taller-tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={`taller-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            className={styles.tab}
            onClick={() => open(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TALLER_TABS.filter((tab) => visited.has(tab.key)).map((tab) => (
        <div key={tab.key} role="tabpanel" id={`taller-panel-${tab.key}`} aria-labelledby={`taller-tab-${tab.key}`} hidden={active !== tab.key} className={styles.panel}>
          <Suspense fallback={<LoadingState />}>
            <TabContent tab={tab.key} onOpenGallery={() => open('galeria')} onOpenVideo={() => open('video')} />
          </Suspense>
        </div>
      ))}
    </>
  );
}
