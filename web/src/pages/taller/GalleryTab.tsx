/**
 * The gallery tab of the Taller IA page (issue 4 item 5): every generated asset — images, avatars,
 * videos, voice samples — newest first, each with its preview (image, video or audio element by
 * type), type label, prompt, date, the offline mark, a download link and delete with confirmation.
 * It re-reads itself before the short-lived URLs expire and after every new image.
 * Issue 18: a filter by type ('Todos', 'Imagen', …, 'Música'); a soundtrack ('music') plays in its
 * <audio controls> and downloads as MP3 and as MIDI; composed videos play in <video controls>.
 */
import { useId, useState } from 'react';
import { ASSET_SOURCES, ASSET_TYPE_LABELS, ASSET_TYPES, formatKb, TALLER_MSG, type Asset, type AssetType } from '@director-ia/shared';
import { ASSETS_REFRESH_MS, useAssets } from '../../features/assets/useAssets';
import { useDeleteAsset } from '../../features/assets/useDeleteAsset';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListHeading } from '../../ui/ListHeading';
import { Panel } from '../../ui/PageHeader';
import { EmptyState, QueryList } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './GalleryTab.module.css';
import { PageIcon } from '../../ui/PageIcon';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** A shown URL and when it was first shown (ms). */
export interface ShownUrl {
  url: string;
  at: number;
}

/**
 * The URL a player keeps showing: a re-read of the gallery (window focus, a new asset) signs fresh
 * URLs, and a new `src` would stop a playing video or soundtrack; so the shown URL stays until it
 * is ASSETS_REFRESH_MS old (still valid: URLs live longer), then the fresh one replaces it.
 */
export function keepShownUrl(shown: ShownUrl | undefined, fresh: string, now: number): ShownUrl {
  return shown && now - shown.at < ASSETS_REFRESH_MS ? shown : { url: fresh, at: now };
}

/** The shown URL of every asset of a gallery read at `readAt` (ms), keeping the young ones of `shown`. */
export function keepShownUrls(shown: ReadonlyMap<string, ShownUrl>, assets: readonly Asset[], readAt: number): Map<string, ShownUrl> {
  return new Map(assets.map((asset) => [asset.id, keepShownUrl(shown.get(asset.id), asset.url, readAt)]));
}

function Preview({ asset, url }: { asset: Asset; url: string }) {
  const label = `${ASSET_TYPE_LABELS[asset.type]}: ${asset.prompt}`;
  if (asset.mediaType.startsWith('video/')) return <video src={url} controls preload="metadata" className={styles.media} aria-label={label} />;
  if (asset.mediaType.startsWith('audio/')) {
    return (
      <div className={styles.audio}>
        <Icon name="music" size={32} />
        <audio src={url} controls preload={asset.type === 'music' ? 'metadata' : 'none'} aria-label={label} />
      </div>
    );
  }
  return <img src={url} alt={label} loading="lazy" className={styles.media} />;
}

/** The assets of `type` ('all': every one). */
export function filterAssets(assets: readonly Asset[], type: AssetType | 'all'): Asset[] {
  return type === 'all' ? [...assets] : assets.filter((asset) => asset.type === type);
}

export function GalleryTab() {
  const assets = useAssets();
  const remove = useDeleteAsset();
  const [confirming, setConfirming] = useState<Asset | null>(null);
  const [type, setType] = useState<AssetType | 'all'>('all');
  const filterId = useId();
  const shown = assets.data ? filterAssets(assets.data, type) : undefined;
  // The players' URLs, carried across re-reads (adjusted while rendering when a new read arrives).
  const [urls, setUrls] = useState<{ read: Asset[] | undefined; shown: Map<string, ShownUrl> }>({ read: undefined, shown: new Map() });
  if (assets.data !== urls.read) setUrls({ read: assets.data, shown: keepShownUrls(urls.shown, assets.data ?? [], assets.dataUpdatedAt) });
  const urlOf = (asset: Asset) => urls.shown.get(asset.id)?.url ?? asset.url;

  return (
    <Panel className={styles.panel}>
      <ListHeading title="Galería" count={shown?.length}>
        <label htmlFor={filterId} className="visually-hidden">
          Tipo de recurso
        </label>
        <select id={filterId} className={styles.filter} value={type} onChange={(e) => setType(e.target.value as AssetType | 'all')}>
          <option value="all">Todos</option>
          {ASSET_TYPES.map((value) => (
            <option key={value} value={value}>
              {ASSET_TYPE_LABELS[value]}
            </option>
          ))}
        </select>
        <Button size="small" className={styles.refresh} onClick={() => void assets.refetch()} disabled={assets.isFetching} aria-label="Actualizar galería">
          {assets.isFetching ? <Spinner /> : <Icon name="refresh" size={16} />}
        </Button>
      </ListHeading>
      <QueryList query={assets} empty={<EmptyState icon={<Icon name="sparkles" size={28} />}>{TALLER_MSG.noAssets}</EmptyState>}>
        {() =>
          shown && shown.length === 0 ? (
            <EmptyState icon={<Icon name="sparkles" size={28} />}>No hay recursos de este tipo en la galería.</EmptyState>
          ) : (
          <ul className={styles.grid} aria-label="Recursos generados">
            {(shown ?? []).map((asset) => {
              const deleting = remove.isPending && remove.variables === asset.id;
              return (
                <li key={asset.id} className={styles.card} data-asset-id={asset.id} data-type={asset.type}>
                  <div className={styles.preview}>
                    <Preview asset={asset} url={urlOf(asset)} />
                  </div>
                  <div className={styles.body}>
                    <div className={styles.badges}>
                      <span className={styles.type}>{ASSET_TYPE_LABELS[asset.type]}</span>
                      {asset.offline && (
                        <span className={styles.offline} title={TALLER_MSG.offlineResult}>
                          Sin conexión
                        </span>
                      )}
                      {asset.source === ASSET_SOURCES.inspiration && <span className={styles.source}>Con imagen de inspiración</span>}
                    </div>
                    <p className={styles.prompt} title={asset.prompt}>
                      {asset.prompt}
                    </p>
                    <p className={styles.meta}>
                      <time dateTime={asset.createdAt}>{formatDate(asset.createdAt)}</time> · {formatKb(asset.size)}
                    </p>
                    <div className={styles.actions}>
                      {asset.type === 'music' ? (
                        <>
                          <a className={styles.download} href={asset.downloadUrl} download aria-label={`Descargar MP3: ${asset.prompt}`}>
                            <PageIcon name="download" />
                            MP3
                          </a>
                          {asset.midiDownloadUrl && (
                            <a className={styles.download} href={asset.midiDownloadUrl} download aria-label={`Descargar MIDI: ${asset.prompt}`}>
                              <PageIcon name="download" />
                              MIDI
                            </a>
                          )}
                        </>
                      ) : (
                        <a className={styles.download} href={asset.downloadUrl} download aria-label={`Descargar ${ASSET_TYPE_LABELS[asset.type].toLowerCase()}: ${asset.prompt}`}>
                          <PageIcon name="download" />
                          Descargar
                        </a>
                      )}
                      <Button
                        size="small"
                        variant="danger"
                        disabled={deleting}
                        aria-busy={deleting}
                        aria-label={`Eliminar ${ASSET_TYPE_LABELS[asset.type].toLowerCase()}: ${asset.prompt}`}
                        onClick={() => setConfirming(asset)}
                      >
                        {deleting ? <Spinner /> : <PageIcon name="trash" />}
                        Eliminar
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          )
        }
      </QueryList>
      {confirming && (
        <ConfirmDialog title="Eliminar recurso" onConfirm={() => remove.mutate(confirming.id)} onCancel={() => setConfirming(null)}>
          ¿Eliminar {ASSET_TYPE_LABELS[confirming.type].toLowerCase()} <strong>«{confirming.prompt}»</strong>? Se borrará el archivo para siempre.
        </ConfirmDialog>
      )}
    </Panel>
  );
}

export default GalleryTab;
