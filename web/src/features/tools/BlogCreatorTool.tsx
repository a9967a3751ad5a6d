/**
 * 'Creador de Blog' (spec sections 2, 3, 5): enable the public blog and choose its address (the
 * spec's slug rule as you type; unique across all brands), tone, topics, frequency, layout and
 * header image (uploaded to the files bucket). 'Configuración del blog guardada!' on save; a slug
 * another brand holds is refused with its own message. The Gestor del Blog page is elsewhere.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BLOG_FREQUENCIES, BLOG_LAYOUTS, BLOG_TONES, BLOG_TOPICS_MAX, MSG, SETTINGS_MSG, SLUG_MAX_LENGTH, UPLOAD_RULES, slugify, type BlogLayout, type BlogSettings } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { Choice, QueryBoundary, SaveBar, SelectField, TextAreaField, TextField, fieldStyles, saveErrorText, useBlogSettings, useSaveBlogSettings } from '../settings';
import { uploadFile } from '../../lib/upload';
import styles from './Tools.module.css';

const LAYOUT_THUMB: Record<BlogLayout, string | undefined> = {
  Minimalista: styles.thumbMinimal,
  Moderno: styles.thumbModern,
  Clásico: styles.thumbClassic,
};

export default function BlogCreatorTool() {
  const settings = useBlogSettings();
  return <QueryBoundary query={settings}>{(data) => <BlogForm key={data.lastUpdated ?? 'new'} initial={data} />}</QueryBoundary>;
}

/** The header image as the form holds it: unchanged, removed, or a new upload. */
type HeaderEdit = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; key: string; preview: string };

function BlogForm({ initial }: { initial: BlogSettings }) {
  const [isEnabled, setEnabled] = useState(initial.isEnabled);
  const [slug, setSlug] = useState(initial.slug);
  const [tone, setTone] = useState(initial.tone);
  const [topics, setTopics] = useState(initial.topics);
  const [frequency, setFrequency] = useState(initial.frequency);
  const [layout, setLayout] = useState(initial.layout);
  const [header, setHeader] = useState<HeaderEdit>({ kind: 'keep' });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveBlogSettings();
  const toast = useToast();

  // Local previews are object URLs: free them when replaced or when the modal closes.
  useEffect(() => () => {
    if (header.kind === 'set') URL.revokeObjectURL(header.preview);
  }, [header]);

  const preview = header.kind === 'set' ? header.preview : header.kind === 'clear' ? null : initial.headerImageUrl;
  const publicUrl = slug ? `${window.location.origin}/blog/${slug}` : null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const key = await uploadFile('blogHeader', file);
      setHeader({ kind: 'set', key, preview: URL.createObjectURL(file) });
    } catch (error) {
      toast.error(saveErrorText(error));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      isEnabled,
      slug,
      tone,
      topics,
      frequency,
      layout,
      ...(header.kind === 'set' ? { headerImageKey: header.key } : header.kind === 'clear' ? { headerImageKey: null } : {}),
    });
  };

  return (
    <form className={fieldStyles.form} onSubmit={onSubmit} aria-label={MSG.blogCreator}>
      <label className={fieldStyles.switch}>
        <input type="checkbox" checked={isEnabled} onChange={(e) => setEnabled(e.target.checked)} />
        Blog público activado
      </label>

      <TextField
        id="blog-slug"
        label="Dirección del blog"
        value={slug}
        onValue={(value) => setSlug(slugify(value))}
        maxLength={SLUG_MAX_LENGTH}
        placeholder="mi-marca"
        autoComplete="off"
        spellCheck={false}
        hint={publicUrl ? <span className={styles.publicLink}>Tu blog estará en {publicUrl}</span> : 'Minúsculas, números, guiones y guiones bajos. Debe ser única.'}
      />

      <div className={fieldStyles.grid}>
        <SelectField id="blog-tone" label="Tono" value={tone} options={BLOG_TONES} onValue={setTone} />
        <SelectField id="blog-frequency" label="Frecuencia" value={frequency} options={BLOG_FREQUENCIES} onValue={setFrequency} />
      </div>

      <TextAreaField id="blog-topics" label="Temas" value={topics} onValue={setTopics} maxLength={BLOG_TOPICS_MAX} rows={3} placeholder="Ej.: recetas con café, origen de los granos, novedades del local" />

      <fieldset className={fieldStyles.choices}>
        <legend className={fieldStyles.label}>Diseño</legend>
        {BLOG_LAYOUTS.map((option) => (
          <Choice key={option} name="blog-layout" value={option} checked={layout === option} onSelect={() => setLayout(option)} title={option}>
            <span className={`${styles.layoutThumb} ${LAYOUT_THUMB[option] ?? ''}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </Choice>
        ))}
      </fieldset>

      <div className={styles.header}>
        <span className={fieldStyles.label}>Imagen de cabecera</span>
        {preview && <img className={styles.headerPreview} src={preview} alt="Imagen de cabecera del blog" />}
        <div className={styles.row} style={{ justifyContent: 'flex-start' }}>
          <input ref={fileInput} className={styles.fileInput} type="file" accept={Object.values(UPLOAD_RULES.blogHeader.types).join(',')} onChange={(e) => void onFile(e)} aria-label="Subir imagen de cabecera" tabIndex={-1} />
          <Button size="small" onClick={() => fileInput.current?.click()} disabled={uploading}>
            {uploading ? <Spinner /> : <Icon name="external" size={16} />}
            {uploading ? 'Subiendo...' : preview ? 'Cambiar imagen' : 'Subir imagen'}
          </Button>
          {preview && (
            <Button size="small" variant="danger" onClick={() => setHeader({ kind: 'clear' })} disabled={uploading}>
              Quitar imagen
            </Button>
          )}
          <span className={fieldStyles.hint}>{UPLOAD_RULES.blogHeader.hint}, máximo {UPLOAD_RULES.blogHeader.maxBytes / (1024 * 1024)} MB.</span>
        </div>
      </div>

      <SaveBar busy={save.isPending || uploading} label={SETTINGS_MSG.saveBlogSettings} lastUpdated={initial.lastUpdated} />
    </form>
  );
}
