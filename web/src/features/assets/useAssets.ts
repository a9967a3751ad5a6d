/**
 * listarRecursos (active): the owner's generated assets (images, avatars, videos, voices), newest
 * first, each with short-lived URLs. The URLs live ASSET_URL_EXPIRES_SECONDS, so the list is
 * re-read before they expire and whenever the window regains focus.
 */
import { type Asset } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { URL_REFRESH_MS, useCallableQuery } from '../../lib/queries';

export const assetsKey = ['assets', 'list'] as const;
/** Re-read a while before the URLs of the last read expire. */
export const ASSETS_REFRESH_MS = URL_REFRESH_MS;

export async function fetchAssets(signal?: AbortSignal): Promise<Asset[]> {
  const { assets } = await callFunction('listarRecursos', null, { signal });
  return assets;
}

export function useAssets() {
  return useCallableQuery(assetsKey, fetchAssets, { staleTime: 60_000, refetchInterval: ASSETS_REFRESH_MS, refetchOnWindowFocus: true });
}
