/**
 * Spanish text for the errors Amplify/Cognito raise on sign-in and sign-up. Unknown errors keep
 * their own message (spec 5: 'Error: ' + message is shown by the caller).
 */
import { MSG } from '../../../shared';
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

const STEP_TEXT: Record<string, string> = {
  CONFIRM_SIGN_UP: 'Tu cuenta aún no está confirmada.',
  RESET_PASSWORD: 'Debes restablecer tu contraseña antes de iniciar sesión.',
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: 'Debes establecer una nueva contraseña antes de iniciar sesión.',
};

/**
 * The Spanish message for an auth failure (without the 'Error: ' prefix). `action` matters for
 * InvalidPasswordException: on sign-up it is the password policy; on sign-in (cognito-local
 * raises it for a wrong password, Cognito raises NotAuthorizedException) it means wrong credentials.
 */
export function authErrorMessage(error: unknown, action: 'signIn' | 'signUp' = 'signIn'): string {
  if (error instanceof AuthStepError) {
    return STEP_TEXT[error.step] ?? `No se pudo completar el inicio de sesión (paso pendiente: ${error.step}).`;
  }
  if (!(error instanceof Error)) return String(error);
  const raw = error.message;
  if (error.name === 'NotAuthorizedException') {
    return /disabled/i.test(raw) ? 'Esta cuenta está deshabilitada.' : WRONG_CREDENTIALS;
  }
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
