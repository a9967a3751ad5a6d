import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function AprendizajePage() {
  return (
    <PlaceholderPage
      pageKey="aprendizaje"
      description="Aquí subirás documentos PDF, TXT o DOCX para que la IA aprenda de tu negocio."
    />
  );
}
