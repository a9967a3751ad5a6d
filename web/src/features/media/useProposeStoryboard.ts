/**
 * proponerGuion (active; issue 18): the AI's storyboard for a brief and format (5–10 scenes), or
 * the offline writer's, labelled (`offline`). The owner edits it before 'Crear vídeo'.
 */
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';

export type StoryboardProposal = CallableOutput<'proponerGuion'>;

export function proposeStoryboard(request: CallableInput<'proponerGuion'>): Promise<StoryboardProposal> {
  return callFunction('proponerGuion', request);
}

export function useProposeStoryboard() {
  return useCallableMutation({ mutationFn: proposeStoryboard });
}
