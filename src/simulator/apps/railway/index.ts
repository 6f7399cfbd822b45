/** Railway (com.moba.railway): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const railwayApp = placeholderApp({
  packageName: 'com.moba.railway',
  icon: { bg: '#2e5c9a', fg: '#ffffff', glyph: 'train' },
  title: { en: 'Railway', zh: '铁路出行' },
});
