/**
 * The post's 'Red social' select (spec 3's `platform`), shared by the post dialog and the plan
 * panel's inline editor: the eight networks, plus a disabled placeholder while the value is not
 * one of them (a post stored with an unknown network: '<value> (no válida)').
 */
import { isSocialNetwork, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { fieldStyles } from '../../features/settings/Fields';

export function NetworkSelect({ id, value, stored, onValue }: { id: string; value: string; /** The network as stored, named in the placeholder. */ stored?: string; onValue: (network: SocialNetwork) => void }) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Red social
      </label>
      <select id={id} className={fieldStyles.select} value={isSocialNetwork(value) ? value : ''} onChange={(e) => onValue(e.target.value as SocialNetwork)}>
        {!isSocialNetwork(value) && (
          <option value="" disabled>
            {stored ? `${stored} (no válida)` : 'Elige una red'}
          </option>
        )}
        {SOCIAL_NETWORKS.map((network) => (
          <option key={network} value={network}>
            {SOCIAL_NETWORK_LABELS[network]}
          </option>
        ))}
      </select>
    </div>
  );
}
