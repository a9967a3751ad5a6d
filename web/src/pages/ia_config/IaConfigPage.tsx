import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function IaConfigPage() {
  return (
    <PlaceholderPage
      pageKey="ia_config"
      description="Aquí definirás la marca que dirige tu IA: nombre, personalidad, público objetivo, palabras clave y temas a evitar."
    />
  );
}
