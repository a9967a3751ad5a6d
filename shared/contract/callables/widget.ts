/**
 * Website chat widget callables (issue 6 item 1; spec sections 2 "Modals", 9). All three are
 * `public`: the brand is the `uid` in the body (the page's `/widget/{uid}`), which the server
 * checks is an existing, active owner (otherwise 404 NOT_FOUND with a polite Spanish message);
 * a bearer token, if any, is ignored.
 * - obtenerWidget `{uid}` → `{brandName, greeting, consentText, maxMessageLength}`;
 * - enviarMensajeWidget `{uid, conversationId|null, message}` → `{conversationId, reply, offline,
 *   askForContact}` (null starts a conversation);
 * - registrarLeadWidget `{uid, conversationId|null, name, contact, consent: true}` → `{leadId}`:
 *   `contact` is an email or a phone; `consent` must be literally true.
 * Limits: shared/widget.ts.
 */
import * as z from 'zod/mini';
import { classifyContact, WIDGET_INPUT_MSG as MSG, WIDGET_LIMITS } from '../../widget';
import { define } from '../define';
import { requiredText } from '../fields';
import { VisitSchema } from '../../links';

/** A brand uid as the page URL carries it (see web/src/app/entry/surface.ts). */
const BrandUid = z.string({ error: MSG.notAvailable }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, MSG.notAvailable));

/** A conversation id the server handed out (core/uploads/keys.ts `newObjectId`), or null for a new one. */
const ConversationId = z.nullable(z.string({ error: MSG.conversationNotFound }).check(z.regex(/^[0-9a-z]{20}$/, MSG.conversationNotFound)));

/** Widget payloads are small: a 400-character message is at most ~2.4 KB of JSON. */
const WIDGET_MAX_BODY_BYTES = 8 * 1024;

export const obtenerWidget = define({
  name: 'obtenerWidget',
  access: 'public',
  input: z.strictObject({ uid: BrandUid }),
  output: z.object({
    /** The brand's name (or a neutral fallback when the owner has not set one). */
    brandName: z.string(),
    greeting: z.string(),
    /** The data-protection sentence shown beside the consent checkbox; it names the brand. */
    consentText: z.string(),
    maxMessageLength: z.number(),
  }),
  maxBodyBytes: WIDGET_MAX_BODY_BYTES,
});

export const enviarMensajeWidget = define({
  name: 'enviarMensajeWidget',
  access: 'public',
  input: z.strictObject({
    uid: BrandUid,
    conversationId: ConversationId,
    message: requiredText(WIDGET_LIMITS.maxMessageLength, {
      missing: MSG.messageRequired,
      tooLong: MSG.messageTooLong(WIDGET_LIMITS.maxMessageLength),
    }),
    /** Issue 15 item 4: the host page's `ref` and UTM (kept by the widget for its session); stored with a new conversation. */
    visit: z.optional(VisitSchema),
  }),
  output: z.object({
    conversationId: z.string(),
    reply: z.string(),
    /** True when answered without an AI model: the widget labels the answer. */
    offline: z.boolean(),
    /** The visitor showed interest (price, booking, contact...) or the answer was unknown: offer the contact form. */
    askForContact: z.boolean(),
  }),
  maxBodyBytes: WIDGET_MAX_BODY_BYTES,
});

export const registrarLeadWidget = define({
  name: 'registrarLeadWidget',
  access: 'public',
  input: z.strictObject({
    uid: BrandUid,
    conversationId: ConversationId,
    name: requiredText(WIDGET_LIMITS.maxNameLength, { missing: MSG.nameRequired, tooLong: MSG.nameTooLong(WIDGET_LIMITS.maxNameLength) }),
    contact: z.string({ error: MSG.contactInvalid }).check(
      z.trim(),
      z.refine((value) => classifyContact(value) !== null, MSG.contactInvalid),
    ),
    /** The visitor ticked the consent line: anything but `true` is refused. */
    consent: z.literal(true, { error: MSG.consentRequired }),
    /** Issue 15 item 4: as in enviarMensajeWidget; the lead takes its attribution from it (or from its conversation's). */
    visit: z.optional(VisitSchema),
  }),
  output: z.object({ leadId: z.string() }),
  maxBodyBytes: WIDGET_MAX_BODY_BYTES,
});
