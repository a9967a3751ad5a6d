/**
 * Spec 2 "Login/register" and 5: required email and password, 'Iniciar Sesión' / 'Registrarse',
 * 'Procesando...' while busy, a toggle between modes, any auth error as 'Error: ' + message
 * in the form and as a toast. A successful registration leaves the user signed out in login mode.
 * An invited user's first sign-in (temporary password) continues in the lazily loaded
 * NewPasswordForm.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { MSG } from '@director-ia/shared';
import { preloadAuthActions, signIn, signUp } from '../../lib/auth';
import { authErrorMessage } from '../../lib/authErrors';
import { clearSignOutNotice } from '../../lib/signOutNotice';
import { Icon, type IconName } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { Field, FormError, PasswordField, SubmitButton } from './FormParts';
import styles from './LoginScreen.module.css';

type Mode = 'signIn' | 'register' | 'newPassword';

const loadNewPasswordForm = () => import('./NewPasswordForm');
const NewPasswordForm = lazy(loadNewPasswordForm);

const HIGHLIGHTS: { icon: IconName; text: string }[] = [
  { icon: 'sparkles', text: 'Contenido con texto, imagen y vídeo creado por la IA para tu marca.' },
  { icon: 'megaphone', text: 'Campañas y redes sociales dirigidas desde un solo panel.' },
  { icon: 'chat', text: 'Mensajes privados atendidos y leads identificados.' },
];

export function LoginScreen({ notice }: { notice?: string }) {
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const ids = useId();
  const isSignIn = mode === 'signIn';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (isSignIn) {
        clearSignOutNotice();
        if ((await signIn(email.trim(), password)) === 'newPasswordRequired') {
          await loadNewPasswordForm();
          setPassword('');
          setMode('newPassword');
        }
      } else {
        await signUp(email.trim(), password);
        toast.success(MSG.registered);
        setPassword('');
        setMode('signIn');
      }
    } catch (failure) {
      const message = MSG.errorPrefix + authErrorMessage(failure, isSignIn ? 'signIn' : 'signUp');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const toggleMode = () => {
    setMode(isSignIn ? 'register' : 'signIn');
    setError(null);
  };

  const backToSignIn = (failure?: string) => {
    setMode('signIn');
    setError(failure ?? null);
  };

  return (
    <main className={styles.screen}>
      <section className={styles.pitch}>
        <span className={styles.badge}>
          <Icon name="sparkles" size={16} /> Marketing con inteligencia artificial
        </span>
        <p className={styles.pitchTitle}>Tu director de marketing, disponible las 24 horas.</p>
        <ul className={styles.highlights}>
          {HIGHLIGHTS.map((item) => (
            <li key={item.icon}>
              <span className={styles.highlightIcon}>
                <Icon name={item.icon} size={18} />
              </span>
              {item.text}
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby={`${ids}-title`}>
        <div className={styles.logo} aria-hidden="true">
          <Icon name="sparkles" size={26} />
        </div>
        <h1 id={`${ids}-title`} className={styles.title}>
          Director IA
        </h1>
        {mode === 'newPassword' ? (
          <Suspense fallback={<Spinner large />}>
            <NewPasswordForm email={email.trim()} onBack={backToSignIn} />
          </Suspense>
        ) : (
          <>
            <p className={styles.subtitle}>{isSignIn ? MSG.signInSubtitle : MSG.registerSubtitle}</p>

            {notice && (
              <p className={styles.notice} role="alert">
                {notice}
              </p>
            )}

            <form className={styles.form} onSubmit={submit} onFocus={preloadAuthActions}>
              <Field
                id={`${ids}-email`}
                label={MSG.emailLabel}
                type="email"
                name="email"
                autoComplete="email"
                placeholder="tu@empresa.com"
                value={email}
                onValue={setEmail}
                disabled={busy}
              />
              <PasswordField
                id={`${ids}-password`}
                label={MSG.passwordLabel}
                name="password"
                autoComplete={isSignIn ? 'current-password' : 'new-password'}
                value={password}
                onValue={setPassword}
                disabled={busy}
              />

              <FormError message={error} />
              <SubmitButton busy={busy} label={isSignIn ? MSG.signIn : MSG.register} />
            </form>

            <button type="button" className={styles.toggle} onClick={toggleMode} disabled={busy}>
              {isSignIn ? MSG.toRegister : MSG.toSignIn}
            </button>
          </>
        )}
      </section>
    </main>
  );
}
