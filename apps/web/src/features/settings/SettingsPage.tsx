import { IndexSelectionForm } from './index-tickers/IndexSelection.tsx';
import { setTheme, useTheme, type Theme } from './theme.ts';
import styles from './settings.module.css';

const themes: { value: Theme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

/** Settings: theme and the header's index tickers (platform.md 2.4, 9). */
export function SettingsPage() {
  const theme = useTheme();
  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <h1 id="settings-title" className={styles.title}>
        Settings
      </h1>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="theme-title">
          <h2 id="theme-title" className={styles.panelTitle}>
            Theme
          </h2>
          <div role="radiogroup" aria-labelledby="theme-title" className={styles.themes}>
            {themes.map((option) => (
              <label key={option.value} className={styles.themeOption} data-checked={theme === option.value}>
                <input
                  type="radio"
                  name="theme"
                  value={option.value}
                  checked={theme === option.value}
                  onChange={() => setTheme(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </section>
        <section className={styles.panel} aria-labelledby="tickers-title">
          <h2 id="tickers-title" className={styles.panelTitle}>
            Index tickers
          </h2>
          <IndexSelectionForm />
        </section>
      </div>
    </section>
  );
}
