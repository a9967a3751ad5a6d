/**
 * listarRecursos (active): the owner's generated assets (images, avatars, videos, voices), newest
 * first, each with short-lived URLs. The URLs live ASSET_URL_EXPIRES_SECONDS, so the list is
 * re-read before they expire and whenever the window regains focus.
 */
import { useQuery } from '@tanstack/react-query';
import { ASSET_URL_EXPIRES_SECONDS, type Asset } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export const assetsKey = ['assets', 'list'] as const;
/** Re-read a while before the URLs of the last read expire. */
export const ASSETS_REFRESH_MS = (ASSET_URL_EXPIRES_SECONDS - 120) * 1000;

export async function fetchAssets(signal?: AbortSignal): Promise<Asset[]> {
  const { assets } = await callFunction('listarRecursos', null, { signal });
  return assets;
}

export function useAssets() {
  return useQuery({
    queryKey: assetsKey,
    queryFn: ({ signal }) => fetchAssets(signal),
    retry: 1,
    staleTime: 60_000,
    refetchInterval: ASSETS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
