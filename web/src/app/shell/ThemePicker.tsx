/** Spec 2 theme picker: six themes by their Spanish names; the choice is saved per user. */
import { MSG, THEMES, type ThemeId } from '@director-ia/shared';
import styles from './Shell.module.css';

export function ThemePicker({ value, onChange }: { value: ThemeId; onChange: (theme: ThemeId) => void }) {
  return (
    <fieldset className={styles.themes}>
      <legend className={styles.sectionTitle}>{MSG.themeLegend}</legend>
      <div className={styles.themeGrid}>
        {THEMES.map((theme) => (
          <label key={theme.id} className={styles.themeOption} data-checked={theme.id === value || undefined}>
            <input
              type="radio"
              name="theme"
              value={theme.id}
              checked={theme.id === value}
              onChange={() => onChange(theme.id)}
              className={styles.themeInput}
            />
            <span className={styles.swatch} data-swatch={theme.id} aria-hidden="true" />
            <span className={styles.themeName}>{theme.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
