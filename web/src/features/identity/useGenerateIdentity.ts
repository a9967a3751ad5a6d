/**
 * generarIdentidad (active; spec 4, 7, 8): avatar by description, voice, avatar by video. The
 * answer is `{success, error?}` (spec 7) plus the asset's URL; `success: false` and call errors
 * both read 'Error al generar {type}: {message}' (spec 8) with the type's Spanish name. A produced
 * asset refreshes the gallery.
 */
import { IDENTITY_TYPE_NAMES, type CallableInput, type CallableOutput, type IdentityType } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { assetsKey } from '../assets';

export type IdentityRequest = CallableInput<'generarIdentidad'>;
export type IdentityResult = CallableOutput<'generarIdentidad'>;

/** Spec 8: 'Error al generar {type}: {message}'. */
export function identityErrorText(type: IdentityType, message: string): string {
  return `Error al generar ${IDENTITY_TYPE_NAMES[type]}: ${message}`;
}

/** A `success: false` answer, carried as an error so the card shows the message. */
export class IdentityNotProduced extends Error {
  override name = 'IdentityNotProduced';
  constructor(
    message: string,
    readonly result: IdentityResult,
  ) {
    super(message);
  }
}

export async function generateIdentity(request: IdentityRequest): Promise<IdentityResult> {
  const result = await callFunction('generarIdentidad', request);
  if (!result.success) throw new IdentityNotProduced(result.error ?? result.unsupported ?? 'No se pudo generar.', result);
  return result;
}

/** One mutation per card, so each card has its own busy flag (spec 4). */
export function useGenerateIdentity(type: IdentityType) {
  return useCallableMutation({
    mutationFn: (request: IdentityRequest) => generateIdentity(request),
    failure: (error) => identityErrorText(type, errorMessage(error)),
    onSuccess: (_result, _request, _onMutate, { client }) => void client.invalidateQueries({ queryKey: assetsKey }),
  });
}
