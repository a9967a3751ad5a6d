/**
 * Spec 2 'blog' — 'Gestor del Blog' (issue 5 item 3): the public link (`{origin}/blog/{slug}`) when
 * the blog is enabled and has a slug; 'Pedir Nuevo Artículo a la IA' with an optional topic,
 * disabled while the blog is disabled (with a way to the Creador de Blog), a progress state while
 * the AI writes, and the new draft; when the schedule drafts the next article; and the table of the
 * real articles — title, status (Publicado, Borrador), publication date and actions: ver/editar in a
 * modal (Markdown with a safe preview; its own lazy chunk), publicar/despublicar, eliminar with
 * confirmation. Results of the offline provider are labelled. Loading, empty and error states.
 * A published article shows its tracked link with a copy button (issue 15 item 4).
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ARTICLE_LIMITS, ARTICLE_STATUS_LABELS, BLOG_MSG, MSG, PAGES, type Article } from '@director-ia/shared';
import { articlesKey, useArticles } from '../../features/blog/useArticles';
import { useDeleteArticle } from '../../features/blog/useDeleteArticle';
import { useGenerateArticle } from '../../features/blog/useGenerateArticle';
import { usePublishArticle } from '../../features/blog/usePublishArticle';
import { TrackedLink } from '../../features/publishing';
import { TextField } from '../../features/settings/Fields';
import { useBlogSettings } from '../../features/settings/useBlogSettings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { ListHeading } from '../../ui/ListHeading';
import { Modal } from '../../ui/Modal';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './BlogPage.module.css';
import badges from './badges.module.css';

const ArticleModal = lazy(() => import('./ArticleModal'));
const BlogCreatorTool = lazy(() => import('../../features/tools/BlogCreatorTool'));

const page = PAGES.find((p) => p.key === 'blog');
const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short' });

function formatDate(iso: string | null, format = dateFormat): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

function ModalFallback() {
  return (
    <div role="status" className={styles.modalFallback}>
      <Spinner large />
      <span className="visually-hidden">{MSG.loading}</span>
    </div>
  );
}

export default function BlogPage() {
  const articles = useArticles();
  const settings = useBlogSettings();
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [creatorOpen, setCreatorOpen] = useState(false);
  const editing = editingId ? articles.data?.articles.find((a) => a.id === editingId) : undefined;

  // Saving the blog settings moves (or stops) the schedule: re-read when they change.
  const lastUpdated = settings.data?.lastUpdated;
  const seen = useRef(lastUpdated);
  useEffect(() => {
    if (seen.current !== lastUpdated) void queryClient.invalidateQueries({ queryKey: articlesKey });
    seen.current = lastUpdated;
  }, [lastUpdated, queryClient]);

  return (
    <>
      <PageHeader
        title={BLOG_MSG.pageTitle}
        eyebrow={page?.label}
        subtitle="Pide artículos a la IA, revísalos y publícalos en tu blog. La IA escribe con el tono y los temas del Creador de Blog y con lo que sabe de tu marca."
      />
      <RequestPanel
        settings={settings}
        nextScheduledAt={articles.data?.nextScheduledAt ?? null}
        onOpenArticle={setEditingId}
        onOpenCreator={() => setCreatorOpen(true)}
      />
      <Panel className={styles.listPanel}>
        <ListHeading title="Artículos" count={articles.data?.articles.length} />
        {articles.isPending ? (
          <LoadingState />
        ) : articles.isError ? (
          <ErrorState error={articles.error} onRetry={articles.refetch} />
        ) : articles.data.articles.length === 0 ? (
          <EmptyState icon={<Icon name="pen" size={28} />}>{BLOG_MSG.noArticles}</EmptyState>
        ) : (
          <ArticlesTable articles={articles.data.articles} onOpen={setEditingId} />
        )}
      </Panel>
      {editing && (
        <Suspense fallback={<ModalFallback />}>
          <ArticleModal key={editing.id} article={editing} onClose={() => setEditingId(null)} />
        </Suspense>
      )}
      {creatorOpen && (
        <Modal title={MSG.blogCreator} maxWidth={680} onClose={() => setCreatorOpen(false)}>
          <Suspense fallback={<ModalFallback />}>
            <BlogCreatorTool />
          </Suspense>
        </Modal>
      )}
    </>
  );
}

interface RequestPanelProps {
  settings: ReturnType<typeof useBlogSettings>;
  nextScheduledAt: string | null;
  onOpenArticle: (id: string) => void;
  onOpenCreator: () => void;
}

function RequestPanel({ settings, nextScheduledAt, onOpenArticle, onOpenCreator }: RequestPanelProps) {
  const generate = useGenerateArticle();
  const [topic, setTopic] = useState('');
  const enabled = settings.data?.isEnabled === true;
  const slug = settings.data?.slug ?? '';
  const publicUrl = enabled && slug ? `${window.location.origin}/blog/${slug}` : null;
  const busy = generate.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || busy) return;
    generate.mutate(topic, { onSuccess: () => setTopic('') });
  };

  return (
    <Panel className={styles.requestPanel}>
      <div className={styles.blogInfo}>
        {settings.isPending ? (
          <span className={styles.muted}>
            <Spinner /> {MSG.loading}
          </span>
        ) : settings.isError ? (
          <span className={styles.error} role="alert">
            {MSG.errorPrefix}
            {errorMessage(settings.error)}
          </span>
        ) : publicUrl ? (
          <p className={styles.publicLink}>
            <span className={styles.statusDot} aria-hidden="true" />
            Tu blog público:{' '}
            <a href={publicUrl} target="_blank" rel="noopener noreferrer">
              {publicUrl}
            </a>
          </p>
        ) : (
          <p className={styles.muted}>{enabled ? 'Tu blog está activado, pero aún no tiene dirección.' : 'Tu blog público está desactivado.'}</p>
        )}
        {enabled && nextScheduledAt && (
          <p className={styles.muted}>
            Próximo borrador automático ({settings.data?.frequency}): <time dateTime={nextScheduledAt}>{formatDate(nextScheduledAt, dateTimeFormat)}</time>
          </p>
        )}
      </div>

      <form className={styles.requestForm} onSubmit={submit} noValidate>
        <TextField
          id="blog-article-topic"
          label="Tema del artículo (opcional)"
          value={topic}
          onValue={setTopic}
          maxLength={ARTICLE_LIMITS.topic}
          placeholder="Si lo dejas vacío, la IA elige uno de los temas de tu blog"
          disabled={!enabled || busy}
        />
        <div className={styles.requestActions}>
          <Button type="submit" variant="primary" disabled={!enabled || busy} aria-busy={busy} aria-describedby={!enabled ? 'blog-disabled-hint' : undefined}>
            {busy ? <Spinner /> : <Icon name="sparkles" size={18} />}
            {BLOG_MSG.requestArticle}
          </Button>
        </div>
      </form>

      {!enabled && !settings.isPending && !settings.isError && (
        <div className={styles.hint} id="blog-disabled-hint">
          <Icon name="alert" size={18} />
          <span>{BLOG_MSG.blogDisabledHint}</span>
          <Button size="small" onClick={onOpenCreator}>
            <Icon name="pen" size={16} />
            Abrir Creador de Blog
          </Button>
        </div>
      )}

      <div aria-live="polite">
        {busy ? (
          <div className={styles.progress} role="status">
            <Spinner large />
            <div>
              <strong>{BLOG_MSG.generating}</strong>
              <p className={styles.muted}>La IA está leyendo tu información y redactando un borrador. Puede tardar un poco.</p>
            </div>
          </div>
        ) : generate.isSuccess ? (
          <NewDraft article={generate.data} onOpen={() => onOpenArticle(generate.data.id)} />
        ) : null}
      </div>
    </Panel>
  );
}

function OfflineBadge({ long = false }: { long?: boolean }) {
  return (
    <span className={badges.offline} title={BLOG_MSG.offlineResult}>
      {long ? BLOG_MSG.offlineResult : 'Sin conexión'}
    </span>
  );
}

function NewDraft({ article, onOpen }: { article: Article; onOpen: () => void }) {
  return (
    <section className={styles.newDraft} aria-label="Nuevo borrador">
      <div className={styles.newDraftHead}>
        <span className={styles.draftLabel}>Nuevo borrador</span>
        {article.offline && <OfflineBadge long />}
      </div>
      <h3 className={styles.newDraftTitle}>{article.title}</h3>
      <p className={styles.newDraftSummary}>{article.summary}</p>
      <Button size="small" onClick={onOpen}>
        <Icon name="pen" size={16} />
        Ver y editar
      </Button>
    </section>
  );
}

function ArticlesTable({ articles, onOpen }: { articles: Article[]; onOpen: (id: string) => void }) {
  const publish = usePublishArticle();
  const remove = useDeleteArticle();
  const [confirming, setConfirming] = useState<Article | null>(null);

  return (
    <DataTable
      label="Artículos del blog"
      columns={['Título', 'Estado', 'Fecha de publicación', 'Acciones']}
      overlays={
        confirming && (
          <ConfirmDialog title="Eliminar artículo" onConfirm={() => remove.mutate(confirming.id)} onCancel={() => setConfirming(null)}>
            ¿Eliminar el artículo <strong>«{confirming.title}»</strong>? {confirming.status === 'published' ? 'Dejará de verse en tu blog público. ' : ''}No se puede deshacer.
          </ConfirmDialog>
        )
      }
    >
      {articles.map((article) => {
        const published = article.status === 'published';
        const publishing = publish.isPending && publish.variables?.id === article.id;
        const deleting = remove.isPending && remove.variables === article.id;
        return (
          <tr key={article.id} data-article-id={article.id}>
            <td className={styles.titleCell}>
              <span className={styles.title}>{article.title}</span>
              <span className={styles.badges}>
                {article.origin === 'schedule' && <span className={badges.scheduled}>Programado</span>}
                {article.offline && <OfflineBadge />}
              </span>
              {article.link && <TrackedLink link={article.link} />}
            </td>
            <td>
              <span className={published ? badges.published : badges.draft}>{ARTICLE_STATUS_LABELS[article.status]}</span>
            </td>
            <td className={styles.date}>
              {article.publishedAt ? <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> : '—'}
            </td>
            <td>
              <div className={styles.actions}>
                <Button size="small" onClick={() => onOpen(article.id)} aria-label={`Ver y editar «${article.title}»`}>
                  <Icon name="pen" size={16} />
                  Ver/editar
                </Button>
                <Button
                  size="small"
                  variant={published ? 'secondary' : 'primary'}
                  disabled={publishing}
                  aria-busy={publishing}
                  aria-label={`${published ? 'Despublicar' : 'Publicar'} «${article.title}»`}
                  onClick={() => publish.mutate({ id: article.id, published: !published })}
                >
                  {publishing ? <Spinner /> : <Icon name={published ? 'close' : 'rocket'} size={16} />}
                  {published ? 'Despublicar' : 'Publicar'}
                </Button>
                <Button size="small" variant="danger" disabled={deleting} aria-busy={deleting} aria-label={`Eliminar «${article.title}»`} onClick={() => setConfirming(article)}>
                  {deleting ? <Spinner /> : <Icon name="close" size={16} />}
                  Eliminar
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
