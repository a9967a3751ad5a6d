/**
 * The proposed-plan panel (spec 2 'calendario', 3 "Proposed plan", 4; issue 5 item 2, issue 13
 * item 2): the plan's title, month and budget, an offline mark when no AI model wrote it, its
 * posts (date, network, title, content, preview with media and problems, Editar / Adaptar con IA:
 * see ProposedPost), a warning counting the posts the approval will refuse (those whose connected
 * network refuses them), and 'Rechazar' / 'Aprobar Plan'; a refused approval (a post that cannot
 * go out: PUBLICATION_MSG.approvalInvalid) says why. While the AI works it shows progress instead.
 */
import { formatBudget, monthLabel, PLAN_MSG, type Asset, type PlanProposal, type SocialConnection } from '@director-ia/shared';
import { useAssets } from '../../features/assets';
import { PUBLISHING_UI, useDraftProblems, type DraftProblems } from '../../features/publishing';
import { useSocialNetworks } from '../../features/social';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { isConnected, proposalCheck, ProposedPost, proposalStanding, type ProposalCheck } from './ProposedPost';
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
  /** The server's reason for refusing the last approval, or null. */
  refusal?: string | null;
}

/**
 * How many of `checks` the approval will refuse: those with reasons whose network is connected
 * (ProposedPost's `proposalStanding`); `answers`: validatePost's answer per check, in order.
 */
export function blockingCount(checks: readonly ProposalCheck[], answers: readonly Pick<DraftProblems, 'problems'>[], connections: readonly SocialConnection[] | undefined): number {
  return checks.filter((check, index) => proposalStanding(check, answers[index]?.problems, isConnected(connections, check.network)).blocking).length;
}

/** The checks of the plan's posts on a network of ours, in order. */
const planChecks = (plan: PlanProposal, assets: readonly Asset[] | undefined): ProposalCheck[] => plan.posts.flatMap((post) => proposalCheck(post, assets) ?? []);

export function PlanPanel({ plan, busy, onApprove, onReject, refusal = null }: PlanPanelProps) {
  const assets = useAssets().data;
  const connections = useSocialNetworks().data;
  // The same (cached) checks each post shows.
  const checks = planChecks(plan, assets);
  const blocking = blockingCount(checks, useDraftProblems(checks), connections);
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
            <ProposedPost key={post.id} planId={plan.planId} post={post} locked={busy !== null} assets={assets} connections={connections} />
          ))}
        </ol>
        {blocking > 0 && <p className={styles.planWarning}>{PUBLISHING_UI.planHasProblems(blocking)}</p>}
        {refusal && (
          <p role="alert" className={styles.fieldError}>
            {refusal}
          </p>
        )}
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
