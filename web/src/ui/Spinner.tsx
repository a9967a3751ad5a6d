import styles from './Spinner.module.css';

export function Spinner({ large = false }: { large?: boolean }) {
  return <span aria-hidden="true" className={large ? `${styles.spinner} ${styles.large}` : styles.spinner} />;
}
