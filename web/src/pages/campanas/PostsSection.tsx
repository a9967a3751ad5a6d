/**
 * The campaign's supporting organic posts (issue 15 item 2): date, time, network, title and text;
 * while the campaign is a proposal each can be edited (saved with editarCampana, the whole list).
 * Approval puts them on the calendar, each with its tracked link.
 */
import { useId, useState, type FormEvent } from 'react';
import { POST_LIMITS, postWhenLabel, socialNetworkLabel, type Campaign, type PlannedPost } from '@director-ia/shared';
import { checkEdit, postsWith, type PostFields } from '../../features/campaigns/edits';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useEditCampaign } from '../../features/campaigns/useEditCampaign';
import { fieldStyles, TextAreaField, TextField } from '../../features/settings';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EditActions } from './CampaignParts';
import styles from './CampanasPage.module.css';

export function PostsSection({ campaign }: { campaign: Campaign }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {CAMPAIGN_UI.posts}
      </h2>
      {campaign.status === 'propuesta' && <p className={styles.muted}>{CAMPAIGN_UI.postsIntro}</p>}
      <ol className={styles.cards}>
        {campaign.proposal.posts.map((post) => (
          <PostCard key={post.id} campaign={campaign} post={post} />
        ))}
      </ol>
    </section>
  );
}

const fieldsOf = ({ title, content, scheduledDate, time, platform }: PlannedPost): PostFields => ({ title, content, scheduledDate, time, platform });

function PostCard({ campaign, post }: { campaign: Campaign; post: PlannedPost }) {
  const id = useId();
  const edit = useEditCampaign();
  const [editing, setEditing] = useState<PostFields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const networks = [...new Set([...campaign.brief.networks, post.platform])];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const checked = checkEdit({ id: campaign.id, posts: postsWith(campaign.proposal.posts, post.id, editing) });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    edit.mutate(checked.edit, { onSuccess: () => setEditing(null) });
  };

  const field = <K extends keyof PostFields>(key: K) => (value: PostFields[K]) => setEditing((current) => (current ? { ...current, [key]: value } : current));

  return (
    <li className={styles.card} data-post-id={post.id}>
      <div className={styles.cardHead}>
        <time dateTime={`${post.scheduledDate}T${post.time}`}>{postWhenLabel(post.scheduledDate, post.time)}</time>
        <span className={styles.networkBadge}>{socialNetworkLabel(post.platform)}</span>
      </div>
      {editing ? (
        <form className={styles.stack} onSubmit={submit} noValidate aria-label={CAMPAIGN_UI.editPost(post.title)}>
          <TextField id={`${id}-title`} label={CAMPAIGN_UI.postTitle} value={editing.title} maxLength={POST_LIMITS.title} onValue={field('title')} />
          <TextAreaField id={`${id}-content`} label={CAMPAIGN_UI.postContent} value={editing.content} maxLength={POST_LIMITS.content} rows={5} onValue={field('content')} />
          <div className={styles.fields}>
            <TextField id={`${id}-date`} label={CAMPAIGN_UI.postDate} type="date" value={editing.scheduledDate} onValue={field('scheduledDate')} />
            <TextField id={`${id}-time`} label={CAMPAIGN_UI.postTime} type="time" step={60} value={editing.time} onValue={field('time')} />
            <div className={fieldStyles.field}>
              <label htmlFor={`${id}-network`} className={fieldStyles.label}>
                {CAMPAIGN_UI.postNetwork}
              </label>
              <select id={`${id}-network`} className={fieldStyles.select} value={editing.platform} onChange={(event) => field('platform')(event.target.value)}>
                {networks.map((network) => (
                  <option key={network} value={network}>
                    {socialNetworkLabel(network)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <EditActions problem={problem} busy={edit.isPending} onCancel={() => setEditing(null)} />
        </form>
      ) : (
        <>
          <h3 className={styles.cardTitle}>{post.title}</h3>
          <p className={styles.cardText}>{post.content}</p>
          {campaign.status === 'propuesta' && (
            <div className={styles.actions}>
              <Button size="small" onClick={() => setEditing(fieldsOf(post))} aria-label={CAMPAIGN_UI.editPost(post.title)}>
                <Icon name="pen" size={16} />
                {CAMPAIGN_UI.edit}
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
