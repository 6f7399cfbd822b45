import { useEffect } from 'react';
import { useAppStore } from '../state/app-store.ts';

/** Follows the OS unless the settings pin light or dark. */
export function useTheme(): void {
  const theme = useAppStore((s) => s.settings?.settings.ui.theme ?? 'system');
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
}
