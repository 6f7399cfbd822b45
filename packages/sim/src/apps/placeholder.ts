/**
 * A stand-in for an app whose screens are not built yet: it is installed, launchable and
 * shows one "coming soon" screen. Replace the app's folder index.ts with the real app.
 */
import type { AnyApp, AppIcon } from '../phone/page/types.ts';
import { defineApp } from '../phone/page/types.ts';
import { EmptyState, Scaffold } from '../phone/page/widgets.ts';

export function placeholderApp(options: {
  packageName: string;
  icon: AppIcon;
  title: { en: string; zh: string };
}): AnyApp {
  return defineApp<Record<string, never>, Record<string, never>>({
    packageName: options.packageName,
    icon: options.icon,
    strings: {
      en: { title: options.title.en, soon: 'This app is coming soon.' },
      zh: { title: options.title.zh, soon: '此应用即将推出。' },
    },
    initialData: () => ({}),
    initialUi: () => ({}),
    launch: (_ctx, _request, resuming) => (resuming ? null : [{ screen: 'main' }]),
    screens: {
      main: (ctx) =>
        Scaffold(ctx, { title: ctx.t('title'), body: EmptyState(options.icon.glyph, ctx.t('soon'), 'empty') }),
    },
  });
}
