/**
 * One network's card on the Redes page (spec 2 'redes', issue 12 item 1): the network's mark and
 * name, its state, "Red de pruebas" whenever it points at the twin's sandbox, and
 * - not available in this installation: SOCIAL_MSG.unavailable, Conectar disabled;
 * - `reconectar`: SOCIAL_MSG.reconnect(network) and why, Conectar (to reconnect) and Desconectar;
 * - connected: the account (avatar, initial fallback), where it will publish (the selected
 *   targets, "Elegir destinos"), when it was connected, and Desconectar;
 * - otherwise Conectar.
 * and, when the network's app may only publish privately (an unaudited TikTok app, an unverified
 * YouTube project), its `publishingNote` (issue 13). Buttons carry stable accessible names (SOCIAL_UI): "Conectar Facebook", "Desconectar Facebook",
 * "Elegir destinos de Facebook".
 */
import { useState, type CSSProperties } from 'react';
import { MSG, SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { connectedOn, SOCIAL_UI, STATE_LABELS, TARGET_KIND_LABELS } from '../labels';
import styles from './social.module.css';

/** Each network's initials and brand colour (a plain mark: no third-party logos are shipped). */
const MARKS: Readonly<Record<SocialNetwork, { text: string; color: string }>> = {
  facebook: { text: 'f', color: '#1877f2' },
  instagram: { text: 'IG', color: 'linear-gradient(135deg, #f58529, #dd2a7b 50%, #8134af)' },
  x: { text: 'X', color: '#111318' },
  linkedin: { text: 'in', color: '#0a66c2' },
  youtube: { text: 'YT', color: '#ff0000' },
  tiktok: { text: 'TT', color: 'linear-gradient(135deg, #25f4ee, #111318 45%, #fe2c55)' },
  pinterest: { text: 'P', color: '#e60023' },
  telegram: { text: 'TG', color: '#229ed9' },
};

export function NetworkMark({ network }: { network: SocialNetwork }) {
  const mark = MARKS[network];
  return (
    <span className={styles.mark} style={{ '--mark': mark.color } as CSSProperties} aria-hidden="true">
      {mark.text}
    </span>
  );
}

const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/** A picture from the network, or the name's initial when there is none or it does not load. */
export function Avatar({ name, pictureUrl, small = false }: { name: string; pictureUrl: string | null; small?: boolean }) {
  const [broken, setBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span className={small ? `${styles.avatar} ${styles.small}` : styles.avatar} aria-hidden="true">
      {isWebUrl(pictureUrl) && !broken ? <img src={pictureUrl} alt="" referrerPolicy="no-referrer" loading="lazy" onError={() => setBroken(true)} /> : initial}
    </span>
  );
}

export interface NetworkCardProps {
  connection: SocialConnection;
  onConnect: () => void;
  onDisconnect: () => void;
  onChooseTargets: () => void;
  /** A connection of this network is being completed. */
  connecting?: boolean;
  disconnecting?: boolean;
}

export function NetworkCard({ connection, onConnect, onDisconnect, onChooseTargets, connecting = false, disconnecting = false }: NetworkCardProps) {
  const { network, state, available, sandbox, account } = connection;
  const label = SOCIAL_NETWORK_LABELS[network];
  const titleId = `red-${network}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-network={network} data-state={state}>
      <header className={styles.cardHeader}>
        <NetworkMark network={network} />
        <h2 id={titleId} className={styles.cardTitle}>
          {label}
        </h2>
      </header>
      <div className={styles.badges}>
        <span className={styles.badge} data-state={state}>
          {STATE_LABELS[state]}
        </span>
        {sandbox && <span className={`${styles.badge} ${styles.sandbox}`}>{SOCIAL_MSG.sandbox}</span>}
      </div>
      <div className={styles.body}>
        {!available && <p className={styles.note}>{SOCIAL_MSG.unavailable}</p>}
        {state === 'reconectar' && (
          <div className={styles.warning}>
            <p>
              <strong>{SOCIAL_MSG.reconnect(network)}</strong>
            </p>
            {connection.reconnectReason && <p>{connection.reconnectReason}</p>}
          </div>
        )}
        {state !== 'desconectada' && account && <ConnectedDetails connection={connection} />}
        {connection.publishingNote && (
          <p className={styles.note} data-testid="publishing-note">
            {connection.publishingNote}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {state === 'conectada' && connection.targets.length > 0 && (
          <Button size="small" onClick={onChooseTargets} aria-label={SOCIAL_UI.chooseTargets(network)}>
            Elegir destinos
          </Button>
        )}
        {state !== 'desconectada' && (
          <Button size="small" variant="danger" onClick={onDisconnect} disabled={disconnecting || connecting} aria-busy={disconnecting} aria-label={SOCIAL_UI.disconnect(network)}>
            {disconnecting && <Spinner />}
            {disconnecting ? MSG.processing : 'Desconectar'}
          </Button>
        )}
        {state !== 'conectada' && (
          <Button size="small" variant="primary" onClick={onConnect} disabled={!available || connecting || disconnecting} aria-busy={connecting} aria-label={SOCIAL_UI.connect(network)}>
            {connecting && <Spinner />}
            {connecting ? MSG.processing : 'Conectar'}
          </Button>
        )}
      </div>
    </article>
  );
}

function ConnectedDetails({ connection }: { connection: SocialConnection }) {
  const { account, targets, connectedAt } = connection;
  const selected = targets.filter((target) => target.selected);
  const since = connectedOn(connectedAt);
  return (
    <>
      {account && (
        <div className={styles.account}>
          <Avatar name={account.name} pictureUrl={account.pictureUrl} />
          <span className={styles.accountName}>{account.name}</span>
        </div>
      )}
      {since && <time dateTime={connectedAt ?? undefined}>{since}</time>}
      {selected.length > 0 ? (
        <div>
          <p>Publicará en:</p>
          <ul className={styles.targets} aria-label="Destinos de publicación">
            {selected.map((target) => (
              <li key={target.id} className={styles.target}>
                <Avatar name={target.name} pictureUrl={target.pictureUrl} small />
                <span>{target.name}</span>
                <span className={styles.kind}>· {TARGET_KIND_LABELS[target.kind]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.note}>{targets.length > 0 ? 'Aún no has elegido dónde publicará la IA.' : 'No se encontraron páginas ni canales donde publicar.'}</p>
      )}
    </>
  );
}
