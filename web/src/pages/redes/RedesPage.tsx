/**
 * Spec 2 'redes' — 'Conectar Redes Sociales' (issue 12 item 1): the eight network cards from
 * listarRedes, in the order of SOCIAL_NETWORKS. Conectar opens the connect modal (Cancelar /
 * 'Iniciar Conexión'): OAuth networks continue in a 500x600 popup and come back through
 * useOAuthPopup (completarOAuth, then the targets chooser with every target checked); Telegram asks
 * for its bot token and channel. Desconectar asks first ('¿Desconectar {red}?'). "Elegir destinos"
 * changes where the AI may publish.
 */
import { useState } from 'react';
import { isOAuthNetwork, PAGES, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { ConnectDialog, NetworkCard, SOCIAL_UI, TargetsDialog, TelegramDialog, useDisconnectNetwork, useOAuthPopup, useSocialNetworks } from '../../features/social';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import styles from './RedesPage.module.css';

const page = PAGES.find((p) => p.key === 'redes');

/** The dialog open over the cards, if any. */
type Dialog =
  | { kind: 'connect'; connection: SocialConnection }
  | { kind: 'targets'; connection: SocialConnection; justConnected: boolean }
  | { kind: 'disconnect'; network: SocialNetwork };

export default function RedesPage() {
  const networks = useSocialNetworks();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const oauth = useOAuthPopup((connection) => {
    if (connection.targets.length > 0) setDialog({ kind: 'targets', connection, justConnected: true });
  });
  const disconnect = useDisconnectNetwork();
  const closeDialog = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={page?.title ?? 'Conectar Redes Sociales'}
        eyebrow={page?.label}
        subtitle="Conecta las cuentas donde la IA publicará tu contenido y elige en qué páginas, canales o tableros puede hacerlo."
      />
      {networks.isPending ? (
        <LoadingState />
      ) : networks.isError ? (
        <ErrorState error={networks.error} onRetry={networks.refetch} />
      ) : (
        <div className={styles.grid}>
          {networks.data.map((connection) => (
            <NetworkCard
              key={connection.network}
              connection={connection}
              connecting={oauth.completing === connection.network}
              disconnecting={disconnect.isPending && disconnect.variables === connection.network}
              onConnect={() => setDialog({ kind: 'connect', connection })}
              onDisconnect={() => setDialog({ kind: 'disconnect', network: connection.network })}
              onChooseTargets={() => setDialog({ kind: 'targets', connection, justConnected: false })}
            />
          ))}
        </div>
      )}
      {dialog?.kind === 'connect' && <ConnectModal connection={dialog.connection} start={oauth.start} onClose={closeDialog} />}
      {dialog?.kind === 'targets' && <TargetsDialog key={dialog.connection.network} connection={dialog.connection} justConnected={dialog.justConnected} onClose={closeDialog} />}
      {dialog?.kind === 'disconnect' && (
        <ConfirmDialog title={SOCIAL_UI.disconnectQuestion(dialog.network)} confirmLabel="Desconectar" onConfirm={() => disconnect.mutate(dialog.network)} onCancel={closeDialog}>
          La IA dejará de publicar en esta red y se retirará el acceso que le diste. Podrás volver a conectarla cuando quieras.
        </ConfirmDialog>
      )}
    </>
  );
}

function ConnectModal({ connection, start, onClose }: { connection: SocialConnection; start: ReturnType<typeof useOAuthPopup>['start']; onClose: () => void }) {
  const { network, sandbox } = connection;
  if (isOAuthNetwork(network)) return <ConnectDialog network={network} sandbox={sandbox} start={start} onClose={onClose} />;
  return <TelegramDialog sandbox={sandbox} onClose={onClose} />;
}
