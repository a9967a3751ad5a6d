/**
 * crearBandaSonora (active; issue 18): starts a render job that composes a score for the brief
 * (mood, tempo in bpm, duration in seconds, style) and renders it to MP3 + MIDI, a 'music' asset.
 * The job is then followed with useRenderJob.
 */
import { MEDIA_MSG, type CallableInput, type RenderJob } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { rendersKey } from './useRenders';

export type SoundtrackRequest = CallableInput<'crearBandaSonora'>;

export function createSoundtrack(request: SoundtrackRequest): Promise<RenderJob> {
  return callFunction('crearBandaSonora', request);
}

export function useCreateSoundtrack() {
  return useCallableMutation({ mutationFn: createSoundtrack, success: MEDIA_MSG.soundtrackStarted, invalidates: [rendersKey] });
}
