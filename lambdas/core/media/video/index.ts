/**
 * Composed video (issue 18 item 2), the API the render job (lambdas/events/render.ts) calls:
 * - `writeStoryboard`: the storyboard of a video from a text (storyboard.ts);
 * - `composeSlideshow`, `composeImageClip`: stills with motion, captions, transitions and music
 *   (slideshow.ts);
 * - `composeAudiogram`: an audio's waveform with its title and timed captions (audiogram.ts).
 * Every video is an MP4 (H.264 yuv420p + AAC, +faststart) of exactly 1920×1080 or 1080×1920 at
 * VIDEO_FPS, written into the caller's work directory; ffmpeg runs through platform/media.
 */
export { writeStoryboard, OFFLINE_STORYBOARD_MODEL } from './storyboard';
export { composeSlideshow, composeImageClip, type SceneRender, type SlideshowInput } from './slideshow';
export { composeAudiogram, type AudiogramInput, type TimedCaption } from './audiogram';
export type { ComposedVideo } from './encode';
export type { BrandLook } from './look';
