/** The assets feature's public surface (listarRecursos, borrarRecurso, generarImagen, inspiration images). */
export { ASSETS_REFRESH_MS, assetsKey, fetchAssets, useAssets } from './useAssets';
export { useDeleteAsset } from './useDeleteAsset';
export { generateImage, generationErrorText, NoImageError, useGenerateImage, type GenerateImageRequest, type GeneratedImage } from './useGenerateImage';
export { INSPIRATION_ACCEPT, InspirationError, readInspiration, type Inspiration } from './inspiration';
