/** Launcher text in English and Chinese. */
import type { Strings } from '../../phone/page/types.ts';

export const LAUNCHER_STRINGS: Strings = {
  en: {
    Search: 'Search',
    'Search apps': 'Search apps',
    'Apps list': 'Apps list',
    'No apps found': 'No apps found',
    'App info': 'App info',
  },
  zh: {
    Search: '搜索',
    'Search apps': '搜索应用',
    'Apps list': '应用列表',
    'No apps found': '未找到应用',
    'App info': '应用信息',
  },
};
