/**
 * The owner's mobile command chat at /chat/{uid} (issue 6 item 3; spec 2 QR modal), an installable
 * PWA (pwa.ts). It serves only the owner whose uid the URL carries:
 * - signed out → the product's own login screen (the same sign-in code as the dashboard);
 * - signed in as someone else → a Spanish refusal with a sign-out button, nothing of the chat;
 * - the owner, pending → the pending screen; a failed profile read → the login screen with it;
 * - the owner, active → the chat (ChatScreen).
 * At /chat/ (the installed app's start_url) the chat reopens the last owner this device used, or,
 * with none remembered, the signed-in user's own chat. The server enforces the same rule on every
 * chat call (PERMISSION_DENIED): these checks are only for display.
 */
import { useEffect, useState } from 'react';
import { CHAT_MSG, MSG } from '@director-ia/shared';
import { ChatScreen, chatPath, installPwaHead, registerChatServiceWorker, rememberChatUid, rememberedChatUid } from '../../features/chat';
import { useAuth } from '../../lib/authContext';
import { useSignOut } from '../../lib/useSignOut';
import { Button } from '../../ui/Button';
import fullScreen from '../../ui/FullScreen.module.css';
import { Icon } from '../../ui/Icon';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { ToastProvider } from '../../ui/toast/ToastProvider';
import { AuthProvider } from '../auth/AuthProvider';
import { LoginScreen } from '../login/LoginScreen';
import { ProfileGate } from '../signed-in/ProfileGate';

export function ChatApp({ uid }: { uid: string }) {
  const [owner] = useState(() => uid || rememberedChatUid() || '');
  useEffect(() => {
    const removeHead = installPwaHead();
    void registerChatServiceWorker();
    return removeHead;
  }, []);
  return (
    <ToastProvider>
      <AuthProvider>
        <ChatEntry owner={owner} />
      </AuthProvider>
    </ToastProvider>
  );
}

function ChatEntry({ owner }: { owner: string }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'signedOut') return <LoginScreen />;
  // /chat/ with no owner remembered: the signed-in user's own chat.
  const chatOwner = owner || auth.user.uid;
  if (chatOwner !== auth.user.uid) return <WrongOwnerScreen />;
  const user = auth.user;
  return <ProfileGate key={user.uid} user={user} active={() => <OwnerChat uid={user.uid} />} />;
}

/** Signed in with another account: the refusal and a way out, nothing of the chat. */
function WrongOwnerScreen() {
  const { signOut, busy } = useSignOut();
  return (
    <main className={fullScreen.screen}>
      <section className={fullScreen.card} aria-labelledby="chat-wrong-owner">
        <span className={fullScreen.icon} style={{ color: '#fca5a5' }}>
          <Icon name="shield" />
        </span>
        <h1 id="chat-wrong-owner" className={fullScreen.title}>
          {CHAT_MSG.wrongOwnerTitle}
        </h1>
        <p className={fullScreen.text}>{CHAT_MSG.wrongOwnerText}</p>
        <Button onClick={() => void signOut()} disabled={busy}>
          <Icon name="logout" size={18} />
          {MSG.signOut}
        </Button>
      </section>
    </main>
  );
}

/** The owner's chat once the profile is active; the device remembers the owner and the URL names them. */
function OwnerChat({ uid }: { uid: string }) {
  useEffect(() => {
    rememberChatUid(uid);
    if (window.location.pathname !== chatPath(uid)) window.history.replaceState(null, '', chatPath(uid));
  }, [uid]);
  return <ChatScreen uid={uid} />;
}
