/**
 * obtenerCapacidades (active): what the brand's AI provider can do in this deployment, with the
 * Spanish sentence each identity-lab card and the video panel show when something is missing, so
 * the owner knows before trying.
 */
import type { CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';

export type Capabilities = CallableOutput<'obtenerCapacidades'>['capabilities'];

export const capabilitiesKey = ['identity', 'capabilities'] as const;

export async function fetchCapabilities(signal?: AbortSignal): Promise<Capabilities> {
  return (await callFunction('obtenerCapacidades', null, { signal })).capabilities;
}

export function useCapabilities() {
  return useCallableQuery(capabilitiesKey, fetchCapabilities, { staleTime: 5 * 60_000 });
}
