import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function TallerPage() {
  return (
    <PlaceholderPage
      pageKey="taller"
      description="Aquí generarás y editarás imágenes, crearás tu identidad digital (avatar y voz) y prepararás emisiones en directo."
    />
  );
}
