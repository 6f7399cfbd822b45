/** Notes (com.moba.notes): a placeholder until its screens are built (see ../README.md). */
import { placeholderApp } from '../placeholder.ts';

export const notesApp = placeholderApp({
  packageName: 'com.moba.notes',
  icon: { bg: '#f6bf26', fg: '#3c2a00', glyph: 'note' },
  title: { en: 'Notes', zh: '笔记' },
});
