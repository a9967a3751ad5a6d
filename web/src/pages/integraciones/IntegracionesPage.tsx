import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function IntegracionesPage() {
  return (
    <PlaceholderPage
      pageKey="integraciones"
      description="Aquí configurarás tus claves de proveedores de IA generativa y la conexión con Gmail."
    />
  );
}
