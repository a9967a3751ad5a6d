import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function CalendarioPage() {
  return (
    <PlaceholderPage
      pageKey="calendario"
      description="Aquí verás tu calendario de publicaciones y aprobarás el plan mensual que proponga la IA."
    />
  );
}
