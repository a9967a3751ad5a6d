/** The media feature's public surface (issue 18): render jobs (soundtracks, videos), storyboards, media uploads, and their views. */
export * from './rules';
export { fetchRenders, rendersKey, useRenders } from './useRenders';
export { renderJobKey, useRenderJob } from './useRenderJob';
export { createVideo, useCreateVideo } from './useCreateVideo';
export { createSoundtrack, useCreateSoundtrack, type SoundtrackRequest } from './useCreateSoundtrack';
export { proposeStoryboard, useProposeStoryboard, type StoryboardProposal } from './useProposeStoryboard';
export { checkMediaFile, uploadMedia } from './uploadMedia';
export { RenderJobView } from './components/RenderJobView';
export { RenderJobList } from './components/RenderJobList';
