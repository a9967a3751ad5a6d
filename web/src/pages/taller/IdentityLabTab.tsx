/**
 * The identity lab tab of the Taller IA page (spec 2: avatar by description, avatar by video, voice
 * cloner). Not built yet: an honest note, no sample results. Its results will be assets like the
 * generated images (lambdas/core/assets) and appear in the gallery.
 */
import { UnderConstruction } from '../../ui/UnderConstruction';

export function IdentityLabTab() {
  return (
    <UnderConstruction
      title="Laboratorio de Identidad: en construcción"
      description="Aquí crearás tu avatar a partir de una descripción o de un vídeo tuyo y clonarás tu voz. Lo que generes aparecerá en la Galería."
    />
  );
}

export default IdentityLabTab;
