/**
 * Spanish text for the errors Amplify/Cognito raise on sign-in and sign-up. Unknown errors keep
 * their own message (spec 5: 'Error: ' + message is shown by the caller).
 */
import { MSG } from '@director-ia/shared';
import { AuthStepError } from './auth';

const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos.';
const TOO_MANY = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.';

const BY_NAME: Record<string, string> = {
  UserNotFoundException: WRONG_CREDENTIALS,
  UsernameExistsException: 'Ya existe una cuenta con este correo.',
  AliasExistsException: 'Ya existe una cuenta con este correo.',
  UserNotConfirmedException: 'Tu cuenta aún no está confirmada.',
  PasswordResetRequiredException: 'Debes restablecer tu contraseña antes de iniciar sesión.',
  LimitExceededException: TOO_MANY,
  TooManyRequestsException: TOO_MANY,
  TooManyFailedAttemptsException: TOO_MANY,
  EmptySignInUsername: 'Introduce tu correo electrónico.',
  EmptySignInPassword: 'Introduce tu contraseña.',
  EmptySignUpUsername: 'Introduce tu correo electrónico.',
  EmptySignUpPassword: 'Introduce una contraseña.',
  NetworkError: MSG.network,
  CodeDeliveryFailureException: 'No se pudo enviar el mensaje de verificación.',
};

const PASSWORD_RULES: [RegExp, string][] = [
  [/long enough|minimum length|length/i, 'es demasiado corta'],
  [/uppercase/i, 'debe incluir mayúsculas'],
  [/lowercase/i, 'debe incluir minúsculas'],
  [/numeric|number/i, 'debe incluir números'],
  [/symbol/i, 'debe incluir símbolos'],
];

function passwordPolicyMessage(raw: string): string {
  const broken = PASSWORD_RULES.filter(([pattern]) => pattern.test(raw)).map(([, text]) => text);
  const detail = broken.length > 0 ? `: ${broken.join(', ')}` : '';
  return `La contraseña no cumple la política de seguridad${detail}. Usa al menos 8 caracteres combinando mayúsculas, minúsculas, números y símbolos.`;
}

/** The temporary-password session is gone (expired, already used, or the page was reloaded). */
const NEW_PASSWORD_SESSION_LOST =
  'La sesión para cambiar la contraseña ha caducado. Inicia sesión de nuevo con tu contraseña temporal.';

const STEP_TEXT: Record<string, string> = {
  CONFIRM_SIGN_UP: 'Tu cuenta aún no está confirmada.',
  RESET_PASSWORD: 'Debes restablecer tu contraseña antes de iniciar sesión.',
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: 'Debes establecer una nueva contraseña antes de iniciar sesión.',
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: 'Tu cuenta requiere un paso de verificación personalizado que esta aplicación no admite.',
};

/** Amplify's MFA steps (codes by SMS/email/TOTP, choosing or setting up a factor). */
const MFA_STEP = /MFA|TOTP|SMS|EMAIL_CODE|EMAIL_SETUP/;
const MFA_TEXT =
  'Tu cuenta requiere una verificación en dos pasos (MFA) que esta aplicación aún no admite. Contacta con el administrador.';

export type AuthAction = 'signIn' | 'signUp' | 'newPassword';

/**
 * True when a failed new-password answer leaves nothing to retry on that form: the challenge
 * session is gone (Cognito NotAuthorizedException, Amplify SignInException) or Cognito moved on to
 * a step this app does not offer (Amplify's sign-in state now belongs to that step).
 */
export function endsNewPasswordChallenge(error: unknown): boolean {
  if (error instanceof AuthStepError) return true;
  return error instanceof Error && (error.name === 'NotAuthorizedException' || error.name === 'SignInException');
}

/**
 * The Spanish message for an auth failure (without the 'Error: ' prefix). `action` matters for
 * InvalidPasswordException: on sign-up and when choosing a new password it is the password policy;
 * on sign-in (cognito-local raises it for a wrong password, Cognito raises
 * NotAuthorizedException) it means wrong credentials.
 */
export function authErrorMessage(error: unknown, action: AuthAction = 'signIn'): string {
  if (error instanceof AuthStepError) {
    if (action === 'newPassword' && error.step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      return 'No se pudo guardar la nueva contraseña. Inténtalo de nuevo.';
    }
    if (MFA_STEP.test(error.step)) return MFA_TEXT;
    return STEP_TEXT[error.step] ?? `No se pudo completar el inicio de sesión: Cognito pide un paso que esta aplicación no admite (${error.step}).`;
  }
  if (!(error instanceof Error)) return String(error);
  const raw = error.message;
  if (error.name === 'NotAuthorizedException') {
    if (/disabled/i.test(raw)) return 'Esta cuenta está deshabilitada.';
    // On the challenge answer Cognito says "Invalid session for the user, session is expired."
    return action === 'newPassword' ? NEW_PASSWORD_SESSION_LOST : WRONG_CREDENTIALS;
  }
  // Amplify: confirmSignIn without a live sign-in session (e.g. after a reload).
  if (action === 'newPassword' && error.name === 'SignInException') return NEW_PASSWORD_SESSION_LOST;
  if (error.name === 'EmptyChallengeResponse') return 'Introduce una nueva contraseña.';
  if (error.name === 'InvalidPasswordException') {
    return action === 'signIn' ? WRONG_CREDENTIALS : passwordPolicyMessage(raw);
  }
  if (error.name === 'InvalidParameterException') {
    if (/password/i.test(raw)) return passwordPolicyMessage(raw);
    if (/email/i.test(raw)) return 'El formato del correo electrónico no es válido.';
    return 'Los datos introducidos no son válidos.';
  }
  if (error.name === 'UserLambdaValidationException') {
    // "PreSignUp failed with error <message>." carries the trigger's own (Spanish) text.
    return raw.replace(/^\w+ failed with error\s*/i, '').replace(/\.$/, '') + '.';
  }
  const known = BY_NAME[error.name];
  if (known) return known;
  if (error instanceof TypeError || /failed to fetch|network/i.test(raw)) return MSG.network;
  return raw || 'Se ha producido un error inesperado.';
}
