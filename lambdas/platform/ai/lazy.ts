/**
 * Loading a remote provider's module on first use (index.ts, embeddings.ts): the load runs once
 * and its result is shared; a failed load is forgotten, so the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
