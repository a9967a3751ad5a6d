/**
 * Soundtracks and composed video callables (issue 18). Each render is an asynchronous job run by
 * the render function (lambdas/events/render.ts): the callable validates, takes one unit of the
 * daily generation quota (given back if the render fails), records the job and queues it; the
 * browser then polls `estadoRender` for progress.
 * - `proponerGuion` {brief, format} → a storyboard the owner can edit before rendering (the AI's,
 *   or the offline writer's, labelled).
 * - `crearBandaSonora` {mood, tempo, durationSeconds, style} → a job that composes a score and
 *   renders it to MP3 + MIDI (a 'music' asset).
 * - `crearVideo` from a text (brief and optional storyboard), an image (gallery asset or upload)
 *   or an audio (upload) → a job that renders a 1080p H.264/AAC MP4 (a 'video' asset). `postId`
 *   attaches the video to a scheduled post for TikTok, YouTube or Instagram when it is ready.
 * - `estadoRender` {jobId} and `listarRenders` → jobs as RenderJob.
 */
import * as z from 'zod/mini';
import {
  CLIP_CAPTION_MAX,
  IMAGE_CLIP_SECONDS,
  MEDIA_MSG,
  RenderJobSchema,
  SOUNDTRACK_LIMITS,
  STORYBOARD_LIMITS,
  StoryboardSchema,
  VIDEO_FORMATS,
} from '../../media';
import { define } from '../define';
import { requiredId, requiredText } from '../fields';

const format = z.enum(VIDEO_FORMATS, { error: MEDIA_MSG.formatInvalid });
const brief = requiredText(STORYBOARD_LIMITS.briefMax, { missing: MEDIA_MSG.briefRequired, tooLong: MEDIA_MSG.briefTooLong });
const uploadKey = z.string({ error: MEDIA_MSG.uploadNotFound }).check(z.minLength(1, MEDIA_MSG.uploadNotFound), z.maxLength(1024, MEDIA_MSG.uploadNotFound));
const optionalId = z.optional(z.string().check(z.minLength(1), z.maxLength(128)));
const wholeIn = (min: number, max: number, message: string) => z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));
/** The soundtrack of a video: a gallery 'music' asset, an uploaded audio (kind 'soundtrack'), or neither (one is composed). */
const soundtrack = { soundtrackAssetId: optionalId, soundtrackKey: z.optional(uploadKey) };

export const proponerGuion = define({
  name: 'proponerGuion',
  access: 'active',
  input: z.strictObject({ brief, format }),
  output: z.object({ storyboard: StoryboardSchema, offline: z.boolean(), model: z.string() }),
});

export const crearBandaSonora = define({
  name: 'crearBandaSonora',
  access: 'active',
  input: z.strictObject({
    mood: requiredText(SOUNDTRACK_LIMITS.textMax, { missing: MEDIA_MSG.moodRequired, tooLong: MEDIA_MSG.textTooLong(SOUNDTRACK_LIMITS.textMax) }),
    tempo: wholeIn(SOUNDTRACK_LIMITS.minTempo, SOUNDTRACK_LIMITS.maxTempo, MEDIA_MSG.tempoRange),
    durationSeconds: wholeIn(SOUNDTRACK_LIMITS.minSeconds, SOUNDTRACK_LIMITS.maxSeconds, MEDIA_MSG.durationRange),
    style: requiredText(SOUNDTRACK_LIMITS.textMax, { missing: MEDIA_MSG.styleRequired, tooLong: MEDIA_MSG.textTooLong(SOUNDTRACK_LIMITS.textMax) }),
  }),
  output: RenderJobSchema,
});

export const VideoRequestSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({
      source: z.literal('text'),
      brief,
      format,
      /** The storyboard the owner reviewed (proponerGuion); absent → the render writes one. */
      storyboard: z.optional(StoryboardSchema),
      ...soundtrack,
      /** Read the captions aloud (Polly in AWS, the offline speech in the twin). */
      voiceOver: z.optional(z.boolean()),
      /** A scheduled post (TikTok, YouTube, Instagram) to attach the video to when it is ready. */
      postId: optionalId,
    }),
    z.strictObject({
      source: z.literal('image'),
      /** A gallery image, or … */
      imageAssetId: optionalId,
      /** … an uploaded one (upload kind 'videoImage'). */
      imageKey: z.optional(uploadKey),
      caption: z.string({ error: MEDIA_MSG.captionTooLong }).check(z.trim(), z.maxLength(CLIP_CAPTION_MAX, MEDIA_MSG.captionTooLong)),
      durationSeconds: z.optional(wholeIn(IMAGE_CLIP_SECONDS.min, IMAGE_CLIP_SECONDS.max, MEDIA_MSG.clipSecondsRange)),
      format,
      ...soundtrack,
    }),
    z.strictObject({
      source: z.literal('audio'),
      /** An uploaded audio (upload kind 'videoAudio'), e.g. a voice note. */
      audioKey: uploadKey,
      title: z.optional(z.string().check(z.trim(), z.maxLength(CLIP_CAPTION_MAX, MEDIA_MSG.captionTooLong))),
      format,
    }),
  ],
  { error: 'Origen del vídeo no válido (text, image o audio).' },
);
export type VideoRequest = z.infer<typeof VideoRequestSchema>;

export const crearVideo = define({
  name: 'crearVideo',
  access: 'active',
  input: VideoRequestSchema,
  output: RenderJobSchema,
});

export const estadoRender = define({
  name: 'estadoRender',
  access: 'active',
  input: z.strictObject({ jobId: requiredId('Falta el trabajo de render.') }),
  output: RenderJobSchema,
});

export const listarRenders = define({
  name: 'listarRenders',
  access: 'active',
  input: z.nullish(z.strictObject({})),
  /** The caller's newest jobs first (at most 20). */
  output: z.object({ jobs: z.array(RenderJobSchema) }),
});
