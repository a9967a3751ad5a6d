/**
 * Image generation callables of the Taller IA (spec sections 2 'taller', 5, 7, 8; issue 4 item 1): `generarImagen` with the
 * spec's exact payload `{prompt, imageBase64}` — imageBase64 is the part after the comma of the
 * inspiration image's data URL, or null — answering `{imageUrl}` (a short-lived URL of the stored
 * asset) plus the asset id and whether it was made offline. The prompt and image limits are
 * checked here, so the web refuses bad input before sending it and the server before doing
 * anything; the magic bytes, the brand's topics to avoid and the daily quota are the server's.
 */
import * as z from 'zod/mini';
import { GENERATION_INPUT_MSG as MSG, isBase64, MAX_INSPIRATION_BASE64_LENGTH, MAX_INSPIRATION_BYTES, MAX_PROMPT_LENGTH } from '../../assets';
import { define } from '../define';
import { requiredText } from '../fields';

/** The owner's instruction: trimmed, required, at most MAX_PROMPT_LENGTH characters. */
export const PromptSchema = requiredText(MAX_PROMPT_LENGTH, { missing: MSG.promptRequired, tooLong: MSG.promptTooLong(MAX_PROMPT_LENGTH) });

/** Body room beyond the image: the prompt (JSON-escaped at worst 6 bytes a character) and the envelope. */
const ENVELOPE_ROOM_BYTES = 16 * 1024;

export const generarImagen = define({
  name: 'generarImagen',
  access: 'active',
  input: z.strictObject({
    prompt: PromptSchema,
    imageBase64: z.nullish(
      z.string({ error: MSG.inspirationNotImage }).check(
        z.maxLength(MAX_INSPIRATION_BASE64_LENGTH, MSG.inspirationTooLarge(MAX_INSPIRATION_BYTES / (1024 * 1024))),
        z.refine(isBase64, MSG.inspirationNotImage),
      ),
    ),
  }),
  output: z.object({
    /** Presigned GET URL of the generated image (spec 7 `imageUrl`). */
    imageUrl: z.string(),
    assetId: z.string(),
    /** True when made without an AI model (offline provider): the result panel says so. */
    offline: z.boolean(),
    model: z.string(),
  }),
  // The base64 of a MAX_INSPIRATION_BYTES image (~5.3 MB) fits; Lambda's 6 MB request limit too.
  maxBodyBytes: MAX_INSPIRATION_BASE64_LENGTH + ENVELOPE_ROOM_BYTES,
});
