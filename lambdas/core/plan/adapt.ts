/**
 * `adaptarPublicacion`'s domain (issue 13 item 2: approving a plan with an invalid post "lets the
 * AI adapt it for that network"): a post's title and text rewritten for one network so that its
 * text rules pass (shared/publishing validatePost). Nothing is stored: the owner sees the result
 * and saves it as that network's version.
 * - "Fits" means no text or title problem (too long, too many hashtags or mentions, forbidden
 *   characters, missing text or title) in ANY of the network's post kinds (`textProblems`), so the
 *   text fits whatever media the post ends up with (Telegram's 1024-character caption, not only
 *   its 4096-character message). Media problems are not the text's to fix and are ignored here.
 * - With a model (the brand's own provider from Integraciones, as the monthly plan uses): asked
 *   for structured output `{text, title?}` with the brand settings and the network's rules
 *   (./textRules.ts); the answer is checked again, and when it still does not fit, the offline
 *   shortening is applied to the model's text (the answer keeps the model's name).
 * - Without a model (the offline provider): `shortenToFit`, deterministic and honest — the
 *   network's forbidden characters are removed, then trailing hashtags are dropped one by one, then
 *   the text is cut at a word boundary with '…' to the longest prefix that fits; the same for the
 *   title. `offline: true`, labelled PUBLICATION_MSG.adaptedOffline by the UI.
 * `title` is answered only for networks that publish one (YouTube, Pinterest, TikTok photos).
 * AI failures propagate as the AI layer's errors (Spanish messages).
 */
import * as z from 'zod/mini';
import { NETWORK_LIMITS, SOCIAL_NETWORK_LABELS, validatePost, type CallableInput, type CallableOutput, type PostKind, type PostMedia, type PostProblem, type PostProblemCode, type SocialNetwork } from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../platform/ai';
import { logger } from '../../platform/logger';
import { systemPromptFor } from '../brand';
import { brandAiProvider } from '../generation/provider';
import { readBrandContext } from '../settings/aiSettings';
import { networkTextRules, networkTextRulesLine } from './textRules';

export const OFFLINE_ADAPT_MODEL = 'offline-adapt-v1';

export type AdaptRequest = CallableInput<'adaptarPublicacion'>;
export type AdaptResult = CallableOutput<'adaptarPublicacion'>;

export interface AdaptDeps {
  provider?: AiProvider;
  brand?: BrandContext;
}

/** What the model answers. */
export const AdaptAnswerSchema = z.object({ text: z.string(), title: z.optional(z.string()) });

const TEXT_CODES: readonly PostProblemCode[] = ['content_required', 'text_too_long', 'too_many_hashtags', 'too_many_mentions', 'forbidden_characters'];
const TITLE_CODES: readonly PostProblemCode[] = ['title_required', 'title_too_long'];

/** Placeholder media that make `kind` the post's kind (the least it takes), so validatePost applies its text rules. */
function mediaFor(network: SocialNetwork, kind: PostKind): PostMedia[] {
  const limits = NETWORK_LIMITS[network];
  const fake = (mediaKind: 'image' | 'video'): PostMedia => ({ kind: mediaKind, contentType: limits[mediaKind]?.contentTypes[0] ?? '', size: 1 });
  let images = kind.images[0];
  const videos = kind.videos[0];
  if (kind.total && images + videos < kind.total[0]) images = kind.total[0] - videos;
  return [...Array.from({ length: images }, () => fake('image')), ...Array.from({ length: videos }, () => fake('video'))];
}

/** The text and title problems of `{title, text}` on `network`, over every post kind of it (see the module header). */
export async function textProblems(network: SocialNetwork, post: { title: string; text: string }): Promise<PostProblem[]> {
  const found = await Promise.all(NETWORK_LIMITS[network].kinds.map((kind) => validatePost(network, { text: post.text, title: post.title, media: mediaFor(network, kind) })));
  const seen = new Set<string>();
  return found.flat().filter((problem) => (TEXT_CODES.includes(problem.code) || TITLE_CODES.includes(problem.code)) && !seen.has(problem.message) && seen.add(problem.message));
}

const has = (problems: readonly PostProblem[], codes: readonly PostProblemCode[]) => problems.some((problem) => codes.includes(problem.code));

const HASHTAG = /(^|\s)[#＃][\p{L}\p{M}\p{N}_]+(?=\s|$)/gu;

/** `text` without its last hashtag (and the space before it). */
function withoutLastHashtag(text: string): string | null {
  const matches = [...text.matchAll(HASHTAG)];
  const last = matches[matches.length - 1];
  if (!last) return null;
  return `${text.slice(0, last.index)}${text.slice(last.index + last[0].length)}`.replace(/[ \t]+\n/g, '\n').trim();
}

/** The first `length` code points of `text`, cut back to a word boundary when there is one, with '…'. */
function cutAtWord(text: string, length: number): string {
  const chars = [...text];
  if (length >= chars.length) return text;
  const head = chars.slice(0, Math.max(0, length)).join('');
  const boundary = head.search(/\s\S*$/);
  const cut = (boundary > 0 ? head.slice(0, boundary) : head).replace(/[\s.,;:!?¡¿…-]+$/u, '');
  return cut ? `${cut}…` : '';
}

/** The longest word-boundary cut of `text` that `fits` (binary search over its length); '' when none. */
async function longestFitting(text: string, fits: (candidate: string) => Promise<boolean>): Promise<string> {
  let low = 0;
  let high = [...text].length - 1;
  let best = '';
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const candidate = cutAtWord(text, middle);
    if (await fits(candidate)) {
      best = candidate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/** The offline adaptation of `{title, text}` for `network` (see the module header). */
export async function shortenToFit(network: SocialNetwork, post: { title: string; text: string }): Promise<{ title: string; text: string }> {
  const forbidden = networkTextRules(network).forbidden;
  const strip = (value: string) => forbidden.reduce((result, character) => result.split(character).join(''), value).trim();
  let title = strip(post.title);
  let text = strip(post.text);
  const textFails = async (candidate: string) => has(await textProblems(network, { title, text: candidate }), TEXT_CODES);
  for (let next = withoutLastHashtag(text); next !== null && (await textFails(text)); next = withoutLastHashtag(text)) text = next;
  if (await textFails(text)) text = await longestFitting(text, async (candidate) => candidate !== '' && !(await textFails(candidate)));
  const titleFails = async (candidate: string) => has(await textProblems(network, { title: candidate, text }), TITLE_CODES);
  if (await titleFails(title)) title = await longestFitting(title, async (candidate) => candidate !== '' && !(await titleFails(candidate)));
  return { title, text };
}

/** What the model is told to do for `network`. */
function adaptInstructions(network: SocialNetwork): string {
  const label = SOCIAL_NETWORK_LABELS[network];
  const titled = networkTextRules(network).titleMax !== undefined;
  return [
    `Adapta una publicación para ${label} sin cambiar su mensaje ni inventar datos.`,
    `- Reglas de ${networkTextRulesLine(network)}.`,
    '- Acorta lo necesario para cumplirlas con margen: quita primero hashtags y frases secundarias.',
    `- Responde en JSON con "text" (el texto adaptado, listo para publicar)${titled ? ' y "title" (el título adaptado)' : ''}.`,
  ].join('\n');
}

async function askModel(provider: AiProvider, brand: BrandContext, request: AdaptRequest) {
  const answer = await provider.generateJson(
    {
      system: systemPromptFor(brand, adaptInstructions(request.network)),
      messages: [{ role: 'user', content: `Título: ${request.title}\n\nTexto:\n${request.content}` }],
      brand,
      maxTokens: 2048,
      temperature: 0.4,
    },
    AdaptAnswerSchema,
  );
  return { title: answer.value.title?.trim() || request.title, text: answer.value.text.trim(), offline: answer.offline, model: answer.model };
}

/** Adapts a post of `sub` for one network (see the module header). Stores nothing. */
export async function adaptPost(sub: string, request: AdaptRequest, deps: AdaptDeps = {}): Promise<AdaptResult> {
  const { network } = request;
  const provider = deps.provider ?? (await brandAiProvider(sub));
  let adapted: { title: string; text: string; offline: boolean; model: string };
  if (provider.offline) {
    adapted = { ...(await shortenToFit(network, { title: request.title, text: request.content })), offline: true, model: OFFLINE_ADAPT_MODEL };
  } else {
    const brand = deps.brand ?? (await readBrandContext(sub));
    adapted = await askModel(provider, brand, request);
    const problems = await textProblems(network, adapted);
    if (problems.length > 0) {
      logger.warn("The AI's adaptation does not fit: shortened", { network, model: adapted.model, problems: problems.map((problem) => problem.code) });
      adapted = { ...adapted, ...(await shortenToFit(network, adapted)) };
    }
  }
  const titled = networkTextRules(network).titleMax !== undefined;
  return { text: adapted.text, ...(titled ? { title: adapted.title } : {}), offline: adapted.offline, model: adapted.model };
}
