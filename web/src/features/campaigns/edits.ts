/**
 * The proposal's parts as editarCampana takes them (issue 15 item 2): the contract's edit schemas
 * are strict, so what the view carries besides the editable fields (a creative's tracked `link`, a
 * post's `status`) is left out; each helper returns the WHOLE list with one item changed, since an
 * edit replaces the proposal's list. `checkEdit` runs the contract's input schema first, so the
 * page shows the Spanish problem without a round trip.
 */
import { editarCampana, MSG, type CallableInput, type Creative, type PlannedPost } from '@director-ia/shared';

export type CreativeFields = Pick<Creative, 'headline' | 'primaryText' | 'callToAction'>;
export type PostFields = Pick<PlannedPost, 'title' | 'content' | 'scheduledDate' | 'time' | 'platform'>;

const creativePayload = ({ id, network, headline, primaryText, callToAction, assetId, imagePrompt }: Creative) => ({
  id,
  network,
  headline,
  primaryText,
  callToAction,
  ...(assetId !== undefined ? { assetId } : {}),
  ...(imagePrompt !== undefined ? { imagePrompt } : {}),
});

/** Every creative, `id`'s with `change` applied. */
export function creativesWith(creatives: readonly Creative[], id: string, change: Partial<CreativeFields> & { assetId?: string }) {
  return creatives.map((creative) => creativePayload(creative.id === id ? { ...creative, ...change } : creative));
}

const postPayload = ({ id, title, content, scheduledDate, time, platform, versions, media }: PlannedPost) => ({ id, title, content, scheduledDate, time, platform, versions, media });

/** Every supporting post, `id`'s with `change` applied. */
export function postsWith(posts: readonly PlannedPost[], id: string, change: Partial<PostFields>) {
  return posts.map((post) => postPayload(post.id === id ? { ...post, ...change } : post)) as CallableInput<'editarCampana'>['posts'];
}

export type EditCheck = { ok: true; edit: CallableInput<'editarCampana'> } | { ok: false; message: string };

/** `edit` checked with editarCampana's input schema: itself, or its first problem's Spanish message. */
export function checkEdit(edit: CallableInput<'editarCampana'>): EditCheck {
  const parsed = editarCampana.input.safeParse(edit);
  return parsed.success ? { ok: true, edit: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? MSG.invalidData };
}
