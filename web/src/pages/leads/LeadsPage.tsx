import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function LeadsPage() {
  return (
    <PlaceholderPage
      pageKey="leads"
      description="Aquí verás los clientes potenciales que la IA identifique en tus conversaciones."
    />
  );
}
