/**
 * Spec 2 'calendario' — 'Plan de Contenidos' (issue 5 items 1–2): the month calendar (Sunday
 * first, Spanish names, previous/next month, today highlighted in the browser's time zone) with the
 * owner's scheduled posts on their day, coloured by status; a post opens to read, edit or delete.
 * The day-1 cell of the shown month (current or future) has 'Generar Plan Mensual': the budget
 * dialog, progress while the AI works, then the proposed-plan panel with 'Rechazar' and 'Aprobar
 * Plan'; the proposal's posts show on the calendar as 'propuesto' until then. The panel shows the
 * shown month's pending proposal as `listarPublicaciones` returns it with the month, so it comes
 * back after leaving the page or a reload; a new plan replaces it, approving or rejecting clears
 * it. Loading, error and empty states are the shared ones. Posts show their time ('HH:mm'), a
 * wall-clock time in the brand's time zone (Constructor IA, issue 13 item 1), and the calendar says
 * which zone that is ('Zona horaria: Hora de Madrid (Europe/Madrid)'). Issue 13 item 4: each post
 * shows its publications' states; the open post's dialog follows the month as it is re-read (the
 * month is polled while a publication is about to go out); an approval the server refuses (a post
 * that cannot go out) says why in the panel.
 */
import { useEffect, useState } from 'react';
import {
  currentMonth,
  monthLabel,
  monthRange,
  nextMonth,
  PAGES,
  PLAN_MSG,
  POST_STATUS_LABELS,
  previousMonth,
  PUBLICATION_STATE_LABELS,
  TIME_MSG,
  timeZoneLabel,
  todayIso,
  type PlanProposal,
  type ScheduledPost,
} from '@director-ia/shared';
import { useApprovePlan } from '../../features/plan/useApprovePlan';
import { useGeneratePlan } from '../../features/plan/useGeneratePlan';
import { usePosts } from '../../features/plan/usePosts';
import { useRejectPlan } from '../../features/plan/useRejectPlan';
import { useAiSettings } from '../../features/settings/useAiSettings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Panel, PageHeader } from '../../ui/PageHeader';
import { ErrorState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import { BudgetDialog } from './BudgetDialog';
import { MonthGrid } from './MonthGrid';
import { PlanPanel, PlanProgress } from './PlanPanel';
import { PostDialog } from './PostDialog';
import styles from './CalendarioPage.module.css';
import { StrokeIcon } from '../../ui/Icon';

const page = PAGES.find((p) => p.key === 'calendario');

/** The current instant (ms), re-read every 30 s: today's highlight moves at midnight, a post whose time passed reads as past. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const CHEVRON = { left: 'M15 6l-6 6 6 6', right: 'M9 6l6 6-6 6' } as const;

function Chevron({ side }: { side: keyof typeof CHEVRON }) {
  return <StrokeIcon path={CHEVRON[side]} size={18} strokeWidth={2} />;
}

export default function CalendarioPage() {
  const now = useNow();
  // Today's date in the browser's zone.
  const today = todayIso(new Date(now));
  const [month, setMonth] = useState(() => currentMonth());
  const monthPlan = usePosts(month);
  const generate = useGeneratePlan();
  const approve = useApprovePlan();
  const reject = useRejectPlan();
  const timeZone = useAiSettings().data?.timeZone;
  const [opened, setOpened] = useState<ScheduledPost | null>(null);
  // The open post as the month was last read (its publications change as they go out); as opened if it left the month.
  const openPost = (opened && monthPlan.data?.posts.find((post) => post.id === opened.id)) ?? opened;
  const [askingBudget, setAskingBudget] = useState(false);

  const plannable = monthRange(month).last >= today;
  const generating = generate.isPending;
  // While a new plan for this month is on its way, the month's older proposal (about to be replaced) is not shown.
  const proposal = generating && generate.variables?.month === month ? undefined : monthPlan.data?.proposal;

  const startPlan = (budget: number) => {
    setAskingBudget(false);
    // The hook stores the proposal with its month; bring that month back into view if the owner moved on.
    generate.mutate({ month, budget }, { onSuccess: (plan) => setMonth(plan.month) });
  };

  const approvePlan = (plan: PlanProposal) => approve.mutate(plan.planId);
  const rejectPlan = (plan: PlanProposal) => reject.mutate(plan.planId);

  const dayOneAction = plannable ? (
    <Button size="small" variant="primary" className={styles.generateButton} disabled={generating} aria-busy={generating} onClick={() => setAskingBudget(true)}>
      {generating && <Spinner />}
      {PLAN_MSG.generatePlan}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={page?.title ?? 'Plan de Contenidos'} eyebrow={page?.label} subtitle="Tus publicaciones programadas, mes a mes. Pide a la IA un plan mensual desde el día 1 y apruébalo cuando te convenza." />

      {generating && generate.variables && <PlanProgress month={generate.variables.month} />}
      {proposal && (
        <PlanPanel
          plan={proposal}
          busy={approve.isPending ? 'approve' : reject.isPending ? 'reject' : null}
          refusal={approve.isError && approve.variables === proposal.planId ? errorMessage(approve.error) : null}
          onApprove={() => approvePlan(proposal)}
          onReject={() => rejectPlan(proposal)}
        />
      )}

      <Panel className={styles.calendarPanel}>
        <div className={styles.toolbar}>
          <Button size="small" aria-label="Mes anterior" onClick={() => setMonth(previousMonth(month))}>
            <Chevron side="left" />
          </Button>
          <h2 className={styles.monthTitle} aria-live="polite">
            {monthLabel(month)}
          </h2>
          <Button size="small" aria-label="Mes siguiente" onClick={() => setMonth(nextMonth(month))}>
            <Chevron side="right" />
          </Button>
          {month !== today.slice(0, 7) && (
            <Button size="small" className={styles.todayButton} onClick={() => setMonth(today.slice(0, 7))}>
              Hoy
            </Button>
          )}
          <span className={styles.loadingSlot} aria-live="polite">
            {monthPlan.isFetching && (
              <span role="status" className={styles.loadingNote}>
                <Spinner /> Cargando...
              </span>
            )}
          </span>
          <ul className={styles.legend} aria-label="Leyenda de estados">
            <li data-status="propuesto">{POST_STATUS_LABELS.propuesto}</li>
            <li data-status="aprobado">{POST_STATUS_LABELS.aprobado}</li>
            <li data-status="publicado">{PUBLICATION_STATE_LABELS.publicado}</li>
            <li data-status="other">Otro estado</li>
          </ul>
        </div>
        {timeZone && (
          <p className={styles.zoneNote} data-testid="calendar-time-zone">
            {TIME_MSG.timeZoneLabel}: {timeZoneLabel(timeZone)}
          </p>
        )}

        {monthPlan.isError ? (
          <ErrorState error={monthPlan.error} onRetry={monthPlan.refetch} />
        ) : (
          <>
            <MonthGrid
              month={month}
              today={today}
              posts={monthPlan.data?.posts ?? []}
              proposed={proposal?.posts ?? []}
              onOpenPost={setOpened}
              dayOneAction={dayOneAction}
              now={now}
              timeZone={timeZone}
            />
            {monthPlan.isSuccess && monthPlan.data.posts.length === 0 && !generating && !proposal && <p className={styles.emptyNote}>{plannable ? PLAN_MSG.noPosts : 'No hubo publicaciones programadas este mes.'}</p>}
          </>
        )}
      </Panel>

      {askingBudget && <BudgetDialog month={month} onSubmit={startPlan} onClose={() => setAskingBudget(false)} />}
      {openPost && <PostDialog key={openPost.id} post={openPost} timeZone={timeZone} now={now} onClose={() => setOpened(null)} />}
    </>
  );
}
