/** Contacts (com.android.contacts): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const contactsApp = placeholderApp({
  packageName: 'com.android.contacts',
  icon: { bg: '#1e8e3e', fg: '#ffffff', glyph: 'person' },
  title: { en: 'Contacts', zh: '通讯录' },
});
