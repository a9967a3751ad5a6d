/**
 * Where a post goes (issue 13 item 1): one checkbox per destination, grouped by network — "Todos
 * los destinos elegidos" (a target without `targetId`: every destination selected on the Redes page
 * when it is published) and each selected destination of a connected network (listarRedes). A
 * target the post already has on a network no longer connected, or a destination no longer
 * selected, is still listed (checked) so the owner sees it and can drop it.
 */
import { SOCIAL_MSG, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type PostTarget, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { PUBLISHING_UI } from '../../features/publishing';
import styles from './CalendarioPage.module.css';

export const targetKey = (target: PostTarget): string => `${target.network}:${target.targetId ?? '*'}`;

export interface TargetOption {
  key: string;
  target: PostTarget;
  label: string;
}

export interface TargetGroup {
  network: SocialNetwork;
  /** A warning for the group (not connected, to reconnect), or null. */
  note: string | null;
  options: TargetOption[];
}

/** The checkboxes of the picker, in the order of SOCIAL_NETWORKS, for `connections` and the post's `current` targets. */
export function targetGroups(connections: readonly SocialConnection[], current: readonly PostTarget[]): TargetGroup[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const connection = connections.find((card) => card.network === network);
    const connected = connection !== undefined && connection.state !== 'desconectada';
    const mine = current.filter((target) => target.network === network);
    if (!connected && mine.length === 0) return [];
    const options: TargetOption[] = [{ key: targetKey({ network }), target: { network }, label: PUBLISHING_UI.allTargets }];
    if (connected) {
      for (const target of connection.targets.filter((candidate) => candidate.selected)) {
        options.push({ key: targetKey({ network, targetId: target.id }), target: { network, targetId: target.id }, label: target.name });
      }
    }
    for (const target of mine) {
      if (!options.some((option) => option.key === targetKey(target))) options.push({ key: targetKey(target), target, label: PUBLISHING_UI.targetGone });
    }
    const note = !connected ? PUBLISHING_UI.notConnected : connection.state === 'reconectar' ? SOCIAL_MSG.reconnect(network) : null;
    return [{ network, note, options }];
  });
}

/** `current` with `target` added (at the end) or removed. */
export function toggleTarget(current: readonly PostTarget[], target: PostTarget, checked: boolean): PostTarget[] {
  const key = targetKey(target);
  const rest = current.filter((candidate) => targetKey(candidate) !== key);
  return checked ? [...rest, target] : rest;
}

export function TargetPicker({ connections, targets, onTargets }: { connections: readonly SocialConnection[]; targets: readonly PostTarget[]; onTargets: (targets: PostTarget[]) => void }) {
  const groups = targetGroups(connections, targets);
  const chosen = new Set(targets.map(targetKey));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legendTitle}>{PUBLISHING_UI.targetsLegend}</legend>
      {groups.length === 0 && <p className={styles.dialogText}>{PUBLISHING_UI.noNetworks}</p>}
      <div className={styles.targetGroups}>
        {groups.map((group) => (
          <div key={group.network} className={styles.targetGroup} data-network={group.network}>
            <p className={styles.targetNetwork}>
              {SOCIAL_NETWORK_LABELS[group.network]}
              {group.note && <span className={styles.targetNote}> · {group.note}</span>}
            </p>
            {group.options.map((option) => (
              <label key={option.key} className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.has(option.key)}
                  aria-label={`${SOCIAL_NETWORK_LABELS[group.network]} · ${option.label}`}
                  onChange={(event) => onTargets(toggleTarget(targets, option.target, event.target.checked))}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
