import { PlaceholderPage } from '../../ui/PlaceholderPage';

export default function RedesPage() {
  return (
    <PlaceholderPage
      pageKey="redes"
      description="Aquí conectarás Facebook, Instagram, X, LinkedIn, YouTube, TikTok, Pinterest y Telegram."
    />
  );
}
