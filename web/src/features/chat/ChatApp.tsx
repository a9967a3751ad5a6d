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
import { QueryClientProvider } from '@tanstack/react-query';
import { newQueryClient } from '../../lib/queryClient';
import { useEffect, useState } from 'react';
import { CHAT_MSG, MSG } from '@director-ia/shared';
import { AuthProvider } from '../../app/auth/AuthProvider';
import { useAuth } from '../../app/auth/authContext';
import { useSignOut } from '../../app/auth/useSignOut';
import { LoginScreen } from '../../app/login/LoginScreen';
import { PendingScreen } from '../../app/signed-in/PendingScreen';
import type { AuthUser } from '../../lib/auth';
import { Button } from '../../ui/Button';
import fullScreen from '../../ui/FullScreen.module.css';
import { Icon } from '../../ui/Icon';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { ToastProvider } from '../../ui/toast/ToastProvider';
import { useProfile } from '../profile/useProfile';
import { ChatScreen } from './ChatScreen';
import { chatPath, installPwaHead, registerChatServiceWorker, rememberChatUid, rememberedChatUid } from './pwa';

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
  return <OwnerChat key={auth.user.uid} user={auth.user} />;
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

function OwnerChat({ user }: { user: AuthUser }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OwnerEntry user={user} />
    </QueryClientProvider>
  );
}

function OwnerEntry({ user }: { user: AuthUser }) {
  const profile = useProfile(user.uid);
  const active = profile.status === 'active';
  useEffect(() => {
    if (!active) return;
    rememberChatUid(user.uid);
    if (window.location.pathname !== chatPath(user.uid)) window.history.replaceState(null, '', chatPath(user.uid));
  }, [active, user.uid]);
  switch (profile.status) {
    case 'loading':
      return <LoadingScreen />;
    case 'error':
      return <LoginScreen notice={`${MSG.profileError} ${MSG.errorPrefix}${profile.message}`} />;
    case 'pending':
      return <PendingScreen email={profile.profile?.email ?? user.email} />;
    case 'active':
      return <ChatScreen uid={user.uid} />;
  }
}
