/**
 * Ver/editar of the Gestor del Blog (issue 5 item 3), in the generic modal and its own lazy chunk
 * (it carries the Markdown renderer): title, summary, the Markdown body and the cover (none, or one
 * of the owner's gallery images or avatars) beside a live preview. The preview is the shared safe
 * renderer's HTML (shared/markdown.ts: no raw HTML, no dangerous URLs), the only way an article's
 * Markdown becomes HTML. 'Guardar cambios' saves and closes; offline drafts say so.
 */
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { ARTICLE_LIMITS, ARTICLE_STATUS_LABELS, BLOG_MSG, MSG, type Article, type Asset } from '@director-ia/shared';
import { renderMarkdown } from '@director-ia/shared/markdown';
import { useAssets } from '../../features/assets/useAssets';
import { useSaveArticle } from '../../features/blog/useSaveArticle';
import { TextAreaField, TextField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import styles from './ArticleModal.module.css';
import badges from './badges.module.css';

const COVER_TYPES: readonly string[] = ['image', 'avatar'];

export default function ArticleModal({ article, onClose }: { article: Article; onClose: () => void }) {
  const save = useSaveArticle();
  const assets = useAssets();
  const [title, setTitle] = useState(article.title);
  const [summary, setSummary] = useState(article.summary);
  const [body, setBody] = useState(article.body);
  const [coverAssetId, setCoverAssetId] = useState<string | null>(article.coverAssetId);

  const covers = useMemo(() => (assets.data ?? []).filter((asset) => COVER_TYPES.includes(asset.type)), [assets.data]);
  const coverUrl = coverAssetId === article.coverAssetId && article.coverUrl ? article.coverUrl : (covers.find((c) => c.id === coverAssetId)?.url ?? null);
  const previewBody = useDeferredValue(body);
  const html = useMemo(() => renderMarkdown(previewBody, { headingOffset: 1 }), [previewBody]);

  const problem = !title.trim() ? BLOG_MSG.titleRequired : !summary.trim() ? BLOG_MSG.summaryRequired : !body.trim() ? BLOG_MSG.bodyRequired : null;
  const changed = title !== article.title || summary !== article.summary || body !== article.body || coverAssetId !== article.coverAssetId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !changed || save.isPending) return;
    save.mutate({ id: article.id, title: title.trim(), summary: summary.trim(), body, coverAssetId }, { onSuccess: onClose });
  };

  return (
    <Modal title="Ver y editar artículo" maxWidth={1100} onClose={onClose}>
      <div className={styles.meta}>
        <span className={article.status === 'published' ? badges.published : badges.draft}>{ARTICLE_STATUS_LABELS[article.status]}</span>
        {article.offline && <span className={badges.offline}>{BLOG_MSG.offlineResult}</span>}
        <span className={styles.slug}>/{article.slug}</span>
      </div>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Editar artículo">
          <TextField id="article-title" label="Título" value={title} onValue={setTitle} maxLength={ARTICLE_LIMITS.title} />
          <TextAreaField id="article-summary" label="Resumen" value={summary} onValue={setSummary} maxLength={ARTICLE_LIMITS.summary} rows={3} />
          <TextAreaField
            id="article-body"
            label="Contenido (Markdown)"
            value={body}
            onValue={setBody}
            maxLength={ARTICLE_LIMITS.body}
            rows={16}
            hint="## Subtítulo · **negrita** · *cursiva* · - lista · [enlace](https://…)"
          />
          <CoverPicker covers={covers} loading={assets.isPending} value={coverAssetId} onValue={setCoverAssetId} />
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.buttons}>
            <Button onClick={onClose}>{MSG.close}</Button>
            <Button type="submit" variant="primary" disabled={Boolean(problem) || !changed || save.isPending} aria-busy={save.isPending}>
              {save.isPending && <Spinner />}
              Guardar cambios
            </Button>
          </div>
        </form>
        <section className={styles.preview} aria-label="Vista previa">
          <span className={styles.previewLabel}>Vista previa</span>
          {coverUrl && <img className={styles.cover} src={coverUrl} alt="Portada del artículo" />}
          <h2 className={styles.previewTitle}>{title || 'Sin título'}</h2>
          {summary && <p className={styles.previewSummary}>{summary}</p>}
          {/* renderMarkdown escapes raw HTML and drops dangerous URLs (shared/markdown.ts). */}
          <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      </div>
    </Modal>
  );
}

function CoverPicker({ covers, loading, value, onValue }: { covers: Asset[]; loading: boolean; value: string | null; onValue: (id: string | null) => void }) {
  const known = value === null || covers.some((c) => c.id === value);
  return (
    <fieldset className={styles.covers}>
      <legend className={styles.legend}>Portada</legend>
      <label className={styles.coverChoice} data-checked={value === null || undefined}>
        <input type="radio" name="article-cover" checked={value === null} onChange={() => onValue(null)} className="visually-hidden" />
        <span className={styles.noCover}>Sin portada</span>
      </label>
      {covers.map((asset) => (
        <label key={asset.id} className={styles.coverChoice} data-checked={value === asset.id || undefined}>
          <input type="radio" name="article-cover" checked={value === asset.id} onChange={() => onValue(asset.id)} className="visually-hidden" aria-label={`Portada: ${asset.prompt}`} />
          <img src={asset.url} alt="" loading="lazy" />
        </label>
      ))}
      {loading && <Spinner />}
      {!loading && !known && <span className={styles.hint}>La portada actual ya no está en tu galería.</span>}
      {!loading && covers.length === 0 && <span className={styles.hint}>Genera imágenes en el Taller IA para usarlas como portada.</span>}
    </fieldset>
  );
}
