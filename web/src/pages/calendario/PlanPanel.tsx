/**
 * The proposed-plan panel (spec 2 'calendario', 3 "Proposed plan", 4; issue 5 item 2): the plan's
 * title, month and budget, an offline mark when no AI model wrote it, its posts (date, network,
 * title, content), and 'Rechazar' / 'Aprobar Plan'. While the AI works it shows progress instead.
 */
import { formatBudget, monthLabel, PLAN_MSG, postWhenLabel, socialNetworkLabel, type PlanProposal } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import styles from './CalendarioPage.module.css';

export function PlanProgress({ month }: { month: string }) {
  return (
    <Panel className={styles.planPanel}>
      <div role="status" className={styles.progress}>
        <Spinner large />
        <div>
          <p className={styles.progressTitle}>{PLAN_MSG.generating}</p>
          <p className={styles.progressText}>Plan de {monthLabel(month)}: la IA está leyendo tu marca, tu base de conocimiento y tus redes.</p>
        </div>
      </div>
    </Panel>
  );
}

export interface PlanPanelProps {
  plan: PlanProposal;
  busy: 'approve' | 'reject' | null;
  onApprove: () => void;
  onReject: () => void;
}

export function PlanPanel({ plan, busy, onApprove, onReject }: PlanPanelProps) {
  return (
    <Panel className={styles.planPanel}>
      <section aria-label="Plan propuesto">
        <header className={styles.planHeader}>
          <div>
            <span className={styles.planEyebrow}>Plan propuesto · {monthLabel(plan.month)}</span>
            <h2 className={styles.planTitle}>{plan.title}</h2>
            <p className={styles.planMeta}>
              Presupuesto: <strong>{formatBudget(plan.budget)}</strong> · {plan.posts.length === 1 ? '1 publicación' : `${plan.posts.length} publicaciones`}
            </p>
          </div>
          {plan.offline && (
            <span className={styles.offlineBadge} title={PLAN_MSG.offlinePlan}>
              {PLAN_MSG.offlinePlan}
            </span>
          )}
        </header>
        <ol className={styles.planPosts} aria-label="Publicaciones propuestas">
          {plan.posts.map((post) => (
            <li key={post.id} className={styles.planPost}>
              <div className={styles.planPostHead}>
                <time dateTime={`${post.scheduledDate}T${post.time}`}>{postWhenLabel(post.scheduledDate, post.time)}</time>
                <span className={styles.networkBadge}>{socialNetworkLabel(post.platform)}</span>
              </div>
              <h3 className={styles.planPostTitle}>{post.title}</h3>
              <p className={styles.planPostContent}>{post.content}</p>
            </li>
          ))}
        </ol>
        <div className={styles.planActions}>
          <Button variant="danger" disabled={busy !== null} aria-busy={busy === 'reject'} onClick={onReject}>
            {busy === 'reject' ? <Spinner /> : <Icon name="close" size={18} />}
            {PLAN_MSG.rejectPlan}
          </Button>
          <Button variant="primary" disabled={busy !== null} aria-busy={busy === 'approve'} onClick={onApprove}>
            {busy === 'approve' ? <Spinner /> : <Icon name="check" size={18} />}
            {PLAN_MSG.approvePlan}
          </Button>
        </div>
      </section>
    </Panel>
  );
}
