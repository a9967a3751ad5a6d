/**
 * The image editing tab of the Taller IA page (spec 2, 4, 5, 7, 8; issue 4 item 1): an optional
 * inspiration image (picker filtered to images, preview, remove), the prompt, 'Generar Imagen'
 * (disabled while the prompt is empty — with the spec's message — or while a generation runs), and
 * the result panel: the generated image (marked when it was made without an AI model), or the
 * error with our own error image. The gallery re-reads itself after each new image.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MAX_INSPIRATION_BYTES, MAX_PROMPT_LENGTH, MSG, TALLER_MSG } from '@director-ia/shared';
import { INSPIRATION_ACCEPT, readInspiration, type Inspiration } from '../../features/assets/inspiration';
import { generationErrorText, useGenerateImage } from '../../features/assets/useGenerateImage';
import { FormCard, TextAreaField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import styles from './ImageEditingTab.module.css';

/** Our own error image (web/public), shown in the result panel when a generation fails. */
export const ERROR_IMAGE_URL = `${import.meta.env.BASE_URL}error-image.svg`;
const MAX_MB = MAX_INSPIRATION_BYTES / (1024 * 1024);

export function ImageEditingTab({ onOpenGallery }: { onOpenGallery?: () => void }) {
  const toast = useToast();
  const generate = useGenerateImage();
  const [prompt, setPrompt] = useState('');
  const [inspiration, setInspiration] = useState<Inspiration | null>(null);
  const [reading, setReading] = useState(false);
  const busy = generate.isPending;
  const empty = prompt.trim() === '';

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    try {
      setInspiration(await readInspiration(file));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : TALLER_MSG.inspirationUnreadable);
    } finally {
      setReading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (empty) {
      toast.error(TALLER_MSG.promptRequired);
      return;
    }
    generate.mutate({ prompt: prompt.trim(), imageBase64: inspiration?.base64 ?? null });
  };

  return (
    <div className={styles.layout}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <FormCard title="Crear imagen" icon="sparkles" description="Describe lo que quieres ver. Si añades una imagen de inspiración, la IA la usará como referencia. El estilo de tu marca se aplica solo.">
          <div className={styles.field}>
            <span className={styles.label} id="taller-inspiration-label">
              Imagen de inspiración (opcional)
            </span>
            {inspiration ? (
              <div className={styles.inspiration}>
                <img src={inspiration.dataUrl} alt="Imagen de inspiración" className={styles.inspirationPreview} />
                <span className={styles.inspirationName}>{inspiration.name}</span>
                <Button size="small" variant="danger" disabled={busy} onClick={() => setInspiration(null)} aria-label="Quitar imagen de inspiración">
                  <Icon name="close" size={16} />
                  Quitar
                </Button>
              </div>
            ) : (
              <label className={[styles.picker, (busy || reading) && styles.pickerBusy].filter(Boolean).join(' ')}>
                <input
                  type="file"
                  accept={INSPIRATION_ACCEPT}
                  className="visually-hidden"
                  aria-labelledby="taller-inspiration-label"
                  disabled={busy || reading}
                  onChange={(event) => void pick(event)}
                />
                {reading ? <Spinner /> : <Icon name="palette" size={20} />}
                <span className={styles.pickerText}>Elegir imagen</span>
                <span className={styles.pickerHint}>PNG, JPG o WEBP · máximo {MAX_MB} MB</span>
              </label>
            )}
          </div>
          <TextAreaField
            id="taller-prompt"
            label="Instrucción"
            value={prompt}
            onValue={setPrompt}
            maxLength={MAX_PROMPT_LENGTH}
            rows={5}
            placeholder="Ej.: Una cesta de pan recién horneado sobre una mesa de madera, con luz de mañana"
            hint={empty ? TALLER_MSG.promptRequired : undefined}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={empty || busy} aria-busy={busy}>
              {busy ? <Spinner /> : <Icon name="sparkles" size={18} />}
              {busy ? MSG.processing : 'Generar Imagen'}
            </Button>
          </div>
        </FormCard>
      </form>
      <ResultPanel generate={generate} onOpenGallery={onOpenGallery} />
    </div>
  );
}

function ResultPanel({ generate, onOpenGallery }: { generate: ReturnType<typeof useGenerateImage>; onOpenGallery?: () => void }) {
  return (
    <Panel className={styles.result}>
      <section aria-label="Resultado" aria-live="polite" aria-busy={generate.isPending} className={styles.resultBody}>
        <h2 className={styles.resultTitle}>Resultado</h2>
        {generate.isPending ? (
          <div className={styles.placeholder} role="status">
            <Spinner large />
            <span>Generando imagen…</span>
          </div>
        ) : generate.isError ? (
          <figure className={styles.figure}>
            <img src={ERROR_IMAGE_URL} alt="No se pudo generar la imagen" className={styles.image} />
            <figcaption className={styles.error} role="alert">
              {generationErrorText(generate.error)}
            </figcaption>
          </figure>
        ) : generate.isSuccess ? (
          <figure className={styles.figure}>
            <img src={generate.data.imageUrl} alt={`Imagen generada: ${generate.variables.prompt}`} className={styles.image} data-asset-id={generate.data.assetId} />
            <figcaption className={styles.caption}>
              {generate.data.offline && (
                <span className={styles.offline} data-testid="offline-badge">
                  <Icon name="alert" size={14} />
                  {TALLER_MSG.offlineResult}
                </span>
              )}
              <span className={styles.prompt}>{generate.variables.prompt}</span>
              <span className={styles.model}>Modelo: {generate.data.model}</span>
              {onOpenGallery && (
                <Button size="small" onClick={onOpenGallery}>
                  Ver en la Galería
                </Button>
              )}
            </figcaption>
          </figure>
        ) : (
          <div className={styles.placeholder}>
            <Icon name="sparkles" size={28} />
            <span>Aquí aparecerá la imagen generada.</span>
          </div>
        )}
      </section>
    </Panel>
  );
}

export default ImageEditingTab;
