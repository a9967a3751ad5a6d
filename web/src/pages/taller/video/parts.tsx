/**
 * Small parts of the 'Vídeo' tab's forms (issue 18): the format select, a number field, a file
 * field with its upload progress, the gallery picker of one asset type, the soundtrack choice
 * (compose one, a gallery 'music' asset, or an upload) and an error line.
 */
import { useId, type ChangeEvent } from 'react';
import { ASSET_TYPE_LABELS, UPLOAD_RULES, VIDEO_FORMAT_LABELS, VIDEO_FORMATS, type Asset, type AssetType, type VideoFormat } from '@director-ia/shared';
import type { SoundtrackDraft } from '../../../features/media';
import { fieldStyles } from '../../../features/settings';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import styles from './VideoTab.module.css';

/** The form's error line and its 'Crear vídeo' button (busy: spinner; `disabled` also when not busy). */
export function SubmitRow({ problem, busy, disabled = busy }: { problem: string | null; busy: boolean; disabled?: boolean }) {
  return (
    <>
      <ErrorLine text={problem} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={disabled} aria-busy={busy}>
          {busy && <Spinner />}
          Crear vídeo
        </Button>
      </div>
    </>
  );
}

export function ErrorLine({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className={styles.error} role="alert">
      {text}
    </p>
  );
}

export function FormatField({ id, value, onValue, disabled }: { id: string; value: VideoFormat; onValue: (value: VideoFormat) => void; disabled?: boolean }) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Formato
      </label>
      <select id={id} className={fieldStyles.select} value={value} disabled={disabled} onChange={(e) => onValue(e.target.value as VideoFormat)}>
        {VIDEO_FORMATS.map((format) => (
          <option key={format} value={format}>
            {VIDEO_FORMAT_LABELS[format]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A number field; an empty or unreadable entry is NaN, which the contract's schema refuses in Spanish. */
export function NumberField({ id, label, value, onValue, min, max, step = 1, hint }: { id: string; label: string; value: number; onValue: (value: number) => void; min: number; max: number; step?: number; hint?: string }) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input id={id} className={fieldStyles.input} type="number" inputMode="decimal" min={min} max={max} step={step} value={Number.isFinite(value) ? value : ''} onChange={(e) => onValue(e.target.value === '' ? Number.NaN : Number(e.target.value))} />
      {hint && <p className={fieldStyles.hint}>{hint}</p>}
    </div>
  );
}

/** A file input with the kind's accepted formats and size as its hint, and the upload's progress bar. */
export function FileField({ label, kind, accept, file, onFile, progress, disabled }: { label: string; kind: keyof typeof UPLOAD_RULES; accept: string; file: File | null; onFile: (file: File | null) => void; progress: number | null; disabled?: boolean }) {
  const id = useId();
  const rule = UPLOAD_RULES[kind];
  const pick = (event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0] ?? null);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input id={id} type="file" accept={accept} disabled={disabled} onChange={pick} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {file ? `${file.name} · ` : ''}
        {rule.hint}, máximo {rule.maxBytes / (1024 * 1024)} MB.
      </p>
      {progress !== null && (
        <div className={styles.track} role="progressbar" aria-label={`Subiendo: ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <div className={styles.bar} style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
    </div>
  );
}

/** A select of the gallery's assets of `types` (newest first), by type and prompt. */
export function GalleryAssetSelect({ id, label, types, assets, value, onValue, disabled }: { id: string; label: string; types: readonly AssetType[]; assets: readonly Asset[] | undefined; value: string; onValue: (id: string) => void; disabled?: boolean }) {
  const options = (assets ?? []).filter((asset) => types.includes(asset.type));
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.select} value={value} disabled={disabled || options.length === 0} onChange={(e) => onValue(e.target.value)}>
        <option value="">{assets === undefined ? 'Cargando la galería…' : options.length === 0 ? 'No hay nada de este tipo en la galería' : 'Elige uno…'}</option>
        {options.map((asset) => (
          <option key={asset.id} value={asset.id}>
            {ASSET_TYPE_LABELS[asset.type]}: {asset.prompt.slice(0, 80)}
          </option>
        ))}
      </select>
    </div>
  );
}

export const COMPOSE_SOUNDTRACK: SoundtrackDraft = { kind: 'compose', assetId: '', file: null };

export function SoundtrackField({ name, value, onValue, assets, progress, disabled }: { name: string; value: SoundtrackDraft; onValue: (value: SoundtrackDraft) => void; assets: readonly Asset[] | undefined; progress: number | null; disabled?: boolean }) {
  const set = (patch: Partial<SoundtrackDraft>) => onValue({ ...value, ...patch });
  const option = (kind: SoundtrackDraft['kind'], text: string) => (
    <label className={styles.check}>
      <input type="radio" name={name} value={kind} checked={value.kind === kind} disabled={disabled} onChange={() => set({ kind })} />
      {text}
    </label>
  );
  return (
    <fieldset className={styles.choices}>
      <legend>Banda sonora</legend>
      {option('compose', 'Componer una automáticamente')}
      {option('gallery', 'Elegir una de la galería')}
      {value.kind === 'gallery' && <GalleryAssetSelect id={`${name}-asset`} label="Música de la galería" types={['music']} assets={assets} value={value.assetId} onValue={(assetId) => set({ assetId })} disabled={disabled} />}
      {option('upload', 'Subir un archivo de música')}
      {value.kind === 'upload' && <FileField label="Archivo de música" kind="soundtrack" accept="audio/*" file={value.file} onFile={(file) => set({ file })} progress={progress} disabled={disabled} />}
    </fieldset>
  );
}
