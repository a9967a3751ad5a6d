/** Spec 1/2 welcome page: hero, link to the public site, the month's figures (issue 15 item 5) and the six feature cards. */
import { getConfig } from '../../lib/config';
import { Icon, type IconName } from '../../ui/Icon';
import { MonthFiguresRow } from './MonthFigures';
import styles from './ConocemePage.module.css';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'sparkles',
    title: 'Creación de contenido multimodal',
    text: 'Textos e imágenes generados por la IA con la voz y el estilo de tu marca.',
  },
  {
    icon: 'video',
    title: 'Vídeo hasta 1080p',
    text: 'Vídeos creados a partir de un texto, una imagen o un audio.',
  },
  {
    icon: 'music',
    title: 'Bandas sonoras con IA',
    text: 'Música original compuesta por la IA para acompañar tus publicaciones.',
  },
  {
    icon: 'phone',
    title: 'App móvil instalable',
    text: 'Una PWA que abres con un código QR para dirigir a la IA por chat con texto, audio o imagen.',
  },
  {
    icon: 'megaphone',
    title: 'Campañas publicitarias',
    text: 'La IA propone campañas optimizadas a partir de tu presupuesto y tus objetivos.',
  },
  {
    icon: 'chat',
    title: 'Mensajes privados y leads',
    text: 'Atención de mensajes privados con identificación de clientes potenciales.',
  },
];

export default function ConocemePage() {
  const siteUrl = getConfig().publicSiteUrl ?? window.location.origin;
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="conoceme-title">
        <span className={styles.eyebrow}>Conóceme</span>
        <h1 id="conoceme-title" className={styles.title}>
          Soy tu director de marketing con inteligencia artificial
        </h1>
        <p className={styles.lead}>
          Conecta tu marca y deja que la IA cree contenido, gestione tus redes sociales, lance campañas y capte
          clientes potenciales por ti.
        </p>
        <a className={styles.cta} href={siteUrl} target="_blank" rel="noopener noreferrer">
          Visitar el sitio web
          <Icon name="external" size={16} />
        </a>
      </section>

      <MonthFiguresRow />

      <section aria-labelledby="conoceme-features">
        <h2 id="conoceme-features" className={styles.sectionTitle}>
          Lo que puedo hacer por tu marca
        </h2>
        <ul className={styles.grid}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon name={feature.icon} size={22} />
              </span>
              <h3 className={styles.cardTitle}>{feature.title}</h3>
              <p className={styles.cardText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
