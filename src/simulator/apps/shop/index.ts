/** Shop (com.moba.shop): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const shopApp = placeholderApp({
  packageName: 'com.moba.shop',
  icon: { bg: '#ff6d00', fg: '#ffffff', glyph: 'shop' },
  title: { en: 'Shop', zh: '商城' },
});
