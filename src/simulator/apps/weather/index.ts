/** Weather (com.moba.weather): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const weatherApp = placeholderApp({
  packageName: 'com.moba.weather',
  icon: { bg: '#4fa3e8', fg: '#ffffff', glyph: 'weather' },
  title: { en: 'Weather', zh: '天气' },
});
