/**
 * A post's media (issue 13 item 1): the gallery images and videos it carries, in order (Subir,
 * Bajar, Quitar), and "Añadir de la galería" to pick more from the Taller's gallery (listarRecursos;
 * voices are not media a network publishes). An id no longer in the gallery shows as unavailable,
 * to be removed.
 */
import { useState } from 'react';
import { ASSET_TYPE_LABELS, MAX_POST_MEDIA, type Asset } from '@director-ia/shared';
import { isPostable, mediaKindOf, PUBLISHING_UI } from '../../features/publishing';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './CalendarioPage.module.css';

/** `ids` with the item at `index` moved by `step` (−1 up, +1 down); unchanged at the ends. */
export function moveItem<T>(ids: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}

function Thumb({ asset }: { asset: Asset | undefined }) {
  if (!asset) return <span className={styles.thumbMissing}>{PUBLISHING_UI.mediaUnavailable}</span>;
  return mediaKindOf(asset) === 'video' ? <video className={styles.thumb} src={asset.url} muted preload="metadata" /> : <img className={styles.thumb} src={asset.url} alt="" loading="lazy" />;
}

/** 'Imagen 2', or the position alone while the gallery loads or when the asset is gone. */
const assetName = (asset: Asset | undefined, position: number) => (asset ? `${ASSET_TYPE_LABELS[asset.type]} ${position}` : String(position));

export interface MediaPickerProps {
  media: readonly string[];
  /** The gallery; undefined while it loads. */
  assets: readonly Asset[] | undefined;
  onMedia: (media: string[]) => void;
}

export function MediaPicker({ media, assets, onMedia }: MediaPickerProps) {
  const [picking, setPicking] = useState(false);
  const byId = new Map((assets ?? []).map((asset) => [asset.id, asset]));
  const available = (assets ?? []).filter((asset) => isPostable(asset) && !media.includes(asset.id));
  const full = media.length >= MAX_POST_MEDIA;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legendTitle}>{PUBLISHING_UI.mediaLegend}</legend>
      {media.length === 0 ? (
        <p className={styles.dialogText}>{PUBLISHING_UI.noMedia}</p>
      ) : (
        <ol className={styles.mediaList} aria-label={PUBLISHING_UI.mediaLegend}>
          {media.map((id, index) => {
            const asset = byId.get(id);
            const name = assetName(asset, index + 1);
            return (
              <li key={id} className={styles.mediaItem} data-asset-id={id} data-missing={(assets !== undefined && !asset) || undefined}>
                {assets === undefined ? <Spinner /> : <Thumb asset={asset} />}
                <div className={styles.mediaButtons}>
                  <Button size="small" aria-label={`${PUBLISHING_UI.moveUp} ${name}`} disabled={index === 0} onClick={() => onMedia(moveItem(media, index, -1))}>
                    {PUBLISHING_UI.moveUp}
                  </Button>
                  <Button size="small" aria-label={`${PUBLISHING_UI.moveDown} ${name}`} disabled={index === media.length - 1} onClick={() => onMedia(moveItem(media, index, 1))}>
                    {PUBLISHING_UI.moveDown}
                  </Button>
                  <Button size="small" variant="danger" aria-label={`${PUBLISHING_UI.remove} ${name}`} onClick={() => onMedia(media.filter((other) => other !== id))}>
                    {PUBLISHING_UI.remove}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button size="small" aria-expanded={picking} disabled={!picking && full} onClick={() => setPicking(!picking)}>
          {picking ? PUBLISHING_UI.closeGallery : PUBLISHING_UI.addMedia}
        </Button>
      </div>
      {picking &&
        (assets === undefined ? (
          <Spinner />
        ) : available.length === 0 ? (
          <p className={styles.dialogText}>{PUBLISHING_UI.galleryEmpty}</p>
        ) : (
          <ul className={styles.gallery} aria-label={PUBLISHING_UI.addMedia}>
            {available.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  className={styles.galleryItem}
                  disabled={full}
                  title={asset.prompt}
                  aria-label={`${PUBLISHING_UI.add} ${ASSET_TYPE_LABELS[asset.type]}: ${asset.prompt}`}
                  onClick={() => onMedia([...media, asset.id])}
                >
                  <Thumb asset={asset} />
                </button>
              </li>
            ))}
          </ul>
        ))}
    </fieldset>
  );
}
