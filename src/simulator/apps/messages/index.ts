/** Messages (com.android.messaging): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const messagesApp = placeholderApp({
  packageName: 'com.android.messaging',
  icon: { bg: '#1a73e8', fg: '#ffffff', glyph: 'message' },
  title: { en: 'Messages', zh: '信息' },
});
