import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function BlogPage() {
  return (
    <PlaceholderPage
      pageKey="blog"
      description="Aquí gestionarás tu blog público y pedirás nuevos artículos a la IA."
    />
  );
}
