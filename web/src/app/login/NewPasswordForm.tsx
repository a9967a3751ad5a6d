/**
 * First sign-in of an invited user (a CDK/admin-created account with a temporary password):
 * Cognito answers NEW_PASSWORD_REQUIRED and this form sets the permanent password. A lazy chunk:
 * only invited users ever load it. On success Amplify emits 'signedIn' and the entry states take
 * over (pending or dashboard); errors read 'Error: ' + a Spanish message (spec 5 and 8). When the
 * challenge cannot go on (session expired, an unsupported next step such as MFA) it returns to the
 * sign-in form with that error.
 */
import { useId, useState, type FormEvent } from 'react';
import { MSG } from '@director-ia/shared';
import { confirmNewPassword } from '../../lib/auth';
import { authErrorMessage, endsNewPasswordChallenge } from '../../lib/authErrors';
import { useToast } from '../../ui/toast/toastContext';
import { FormError, PasswordField, SubmitButton } from './FormParts';
import styles from './LoginScreen.module.css';

export interface NewPasswordFormProps {
  /** The login id the temporary password was accepted for. */
  email: string;
  /** Back to the sign-in form; with the error to show there when the challenge cannot go on. */
  onBack: (error?: string) => void;
}

export default function NewPasswordForm({ email, onBack }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const ids = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password !== repeat) {
      setError(MSG.errorPrefix + MSG.passwordsMismatch);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirmNewPassword(password);
      toast.success(MSG.passwordSaved);
    } catch (failure) {
      const message = MSG.errorPrefix + authErrorMessage(failure, 'newPassword');
      toast.error(message);
      if (endsNewPasswordChallenge(failure)) onBack(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h2 id={`${ids}-title`} className={styles.stepTitle}>
        {MSG.newPasswordTitle}
      </h2>
      <p className={styles.subtitle}>{MSG.newPasswordSubtitle}</p>

      <form className={styles.form} onSubmit={submit} aria-labelledby={`${ids}-title`}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField id={`${ids}-new`} label={MSG.newPasswordLabel} name="new-password" autoComplete="new-password" autoFocus value={password} onValue={setPassword} disabled={busy} />
        <PasswordField id={`${ids}-repeat`} label={MSG.repeatPasswordLabel} name="repeat-password" autoComplete="new-password" value={repeat} onValue={setRepeat} disabled={busy} />

        <FormError message={error} />
        <SubmitButton busy={busy} label={MSG.savePassword} />
      </form>

      <button type="button" className={styles.toggle} onClick={() => onBack()} disabled={busy}>
        {MSG.back}
      </button>
    </>
  );
}
