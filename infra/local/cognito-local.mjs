/**
 * cognito-local with Cognito's custom authentication flow (issue 17 item 3, custom-token sign-in).
 * cognito-local 5 answers InitiateAuth only for USER_PASSWORD_AUTH and refresh, and
 * RespondToAuthChallenge only for its password and MFA challenges; this entry adds, in the same
 * process and on the same endpoint (the web's `userPoolEndpoint`, the functions' cognito-idp):
 *
 * - `InitiateAuth` with `AuthFlow: CUSTOM_AUTH` (the client must allow ALLOW_CUSTOM_AUTH, as in
 *   AWS): runs the stack's DefineAuthChallenge trigger (with `userNotFound` for an unknown user, as
 *   a client with PreventUserExistenceErrors does) and CreateAuthChallenge, and answers the
 *   challenge with a Session (valid 3 minutes, as Cognito's);
 * - `RespondToAuthChallenge` with `ChallengeName: CUSTOM_CHALLENGE`: runs
 *   VerifyAuthChallengeResponse with the ANSWER, then DefineAuthChallenge with the session's
 *   results; when it says issueTokens, cognito-local's own token generator issues the tokens (its
 *   key, so the twin's authorizer accepts them as any other) and its user pool stores the refresh
 *   token (so refresh and revocation work as for a password sign-in).
 *
 * The triggers are invoked through the Lambda endpoint of cognito-local's config with the
 * function names of its `TriggerFunctions` (infra/local/cognito.ts), i.e. the twin's hosted bundles
 * of the stack. Every other call is cognito-local's own target, untouched. Then cognito-local's own
 * start script runs.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError, InvalidParameterError, UserLambdaValidationError, UserNotConfirmedException } = require('cognito-local/lib/errors');
const { attributesToRecord } = require('cognito-local/lib/services/userPoolService');

/** Cognito's custom-auth session validity. */
const SESSION_MS = 3 * 60 * 1000;
/** At most this many challenges in one sign-in (Cognito's own limit is about the same). */
const MAX_CHALLENGES = 5;
/** In-flight custom-auth sessions by their Session string. */
const sessions = new Map();

function sweep() {
  const now = Date.now();
  for (const [id, session] of sessions) if (session.expiresAt <= now) sessions.delete(id);
}

/** Invokes the trigger `trigger` (a TriggerFunctions key) with `event`; its `response`, or a Cognito error. */
async function invokeTrigger(services, trigger, event) {
  const name = services.config.TriggerFunctions?.[trigger];
  const endpoint = services.config.LambdaClient?.endpoint;
  if (!name || !endpoint) throw new InvalidParameterError(`${trigger} trigger is not configured`);
  let response;
  try {
    response = await fetch(`${endpoint}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
  } catch {
    throw new UserLambdaValidationError(`${trigger} failed: the Lambda endpoint did not answer.`);
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok || response.headers.get('x-amz-function-error')) {
    throw new UserLambdaValidationError(`${trigger} failed with error ${body?.errorMessage ?? `HTTP ${response.status}`}.`);
  }
  return body?.response ?? {};
}

function triggerEvent(triggerSource, userPool, clientId, userName, request) {
  return {
    version: '1',
    region: 'local',
    userPoolId: userPool.options.Id,
    userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId },
    triggerSource,
    request,
    response: {},
  };
}

/** The next step after DefineAuthChallenge: tokens, a new challenge, or NotAuthorized. */
async function nextStep(services, ctx, state) {
  const { userPool, userPoolClient, user, clientMetadata } = state;
  const userAttributes = user ? attributesToRecord(user.Attributes) : {};
  const userName = user?.Username ?? state.requestedUsername;
  const define = await invokeTrigger(
    services,
    'DefineAuthChallenge',
    triggerEvent('DefineAuthChallenge_Authentication', userPool, userPoolClient.ClientId, userName, { userAttributes, session: state.session, clientMetadata, userNotFound: !user }),
  );
  if (define.failAuthentication || !user) throw new NotAuthorizedError('Incorrect username or password.');
  if (define.issueTokens) {
    const current = (await userPool.getUserByUsername(ctx, user.Username)) ?? user;
    const groups = await userPool.listUserGroupMembership(ctx, current);
    const tokens = await services.tokenGenerator.generate(ctx, current, groups, userPoolClient, clientMetadata, 'Authentication');
    await userPool.storeRefreshToken(ctx, tokens.RefreshToken, current);
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }
  if (define.challengeName !== 'CUSTOM_CHALLENGE' || state.session.length >= MAX_CHALLENGES) throw new NotAuthorizedError('Incorrect username or password.');
  const create = await invokeTrigger(
    services,
    'CreateAuthChallenge',
    triggerEvent('CreateAuthChallenge_Authentication', userPool, userPoolClient.ClientId, userName, { userAttributes, challengeName: 'CUSTOM_CHALLENGE', session: state.session, clientMetadata, userNotFound: false }),
  );
  const id = randomUUID();
  sweep();
  sessions.set(id, { ...state, expiresAt: Date.now() + SESSION_MS, privateChallengeParameters: create.privateChallengeParameters ?? {}, challengeMetadata: create.challengeMetadata });
  return { ChallengeName: 'CUSTOM_CHALLENGE', ChallengeParameters: { ...(create.publicChallengeParameters ?? {}), USERNAME: user.Username }, Session: id };
}

async function clientOf(services, ctx, clientId) {
  const userPoolClient = await services.cognito.getAppClient(ctx, clientId);
  if (!userPoolClient) throw new NotAuthorizedError();
  const flows = userPoolClient.ExplicitAuthFlows ?? [];
  if (!flows.includes('ALLOW_CUSTOM_AUTH') && !flows.includes('CUSTOM_AUTH_FLOW_ONLY')) throw new InvalidParameterError('CUSTOM_AUTH flow not enabled for this client');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  return { userPool, userPoolClient };
}

/** InitiateAuth, AuthFlow CUSTOM_AUTH. */
async function startCustomAuth(services, ctx, req) {
  const username = req.AuthParameters?.USERNAME;
  if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
  const { userPool, userPoolClient } = await clientOf(services, ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, username);
  if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  if (user && user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
  return nextStep(services, ctx, { userPool, userPoolClient, user, requestedUsername: username, clientMetadata: req.ClientMetadata, session: [] });
}

/** RespondToAuthChallenge, ChallengeName CUSTOM_CHALLENGE. */
async function answerCustomChallenge(services, ctx, req) {
  sweep();
  const state = sessions.get(req.Session ?? '');
  // A session is used once, whatever the answer.
  sessions.delete(req.Session ?? '');
  const given = String(req.ChallengeResponses?.USERNAME ?? '').toLowerCase();
  const names = [state?.user?.Username, state?.requestedUsername].filter(Boolean).map((name) => name.toLowerCase());
  if (!state || state.userPoolClient.ClientId !== req.ClientId || !names.includes(given)) throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  const { userPool, userPoolClient, user } = state;
  const verify = await invokeTrigger(
    services,
    'VerifyAuthChallengeResponse',
    triggerEvent('VerifyAuthChallengeResponse_Authentication', userPool, userPoolClient.ClientId, user.Username, {
      userAttributes: attributesToRecord(user.Attributes),
      privateChallengeParameters: state.privateChallengeParameters,
      challengeAnswer: req.ChallengeResponses?.ANSWER ?? '',
      clientMetadata: req.ClientMetadata,
      userNotFound: false,
    }),
  );
  const session = [...state.session, { challengeName: 'CUSTOM_CHALLENGE', challengeResult: verify.answerCorrect === true, challengeMetadata: state.challengeMetadata }];
  return nextStep(services, ctx, { ...state, clientMetadata: req.ClientMetadata ?? state.clientMetadata, session });
}

const { InitiateAuth, RespondToAuthChallenge } = Targets;
Targets.InitiateAuth = (services) => {
  const own = InitiateAuth(services);
  return (ctx, req) => (req.AuthFlow === 'CUSTOM_AUTH' ? startCustomAuth(services, ctx, req) : own(ctx, req));
};
Targets.RespondToAuthChallenge = (services) => {
  const own = RespondToAuthChallenge(services);
  return (ctx, req) => (req.ChallengeName === 'CUSTOM_CHALLENGE' ? answerCustomChallenge(services, ctx, req) : own(ctx, req));
};

require('cognito-local/lib/bin/start.js');
