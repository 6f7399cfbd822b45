/** Notes text in English and Chinese (keys are the English text). */
import type { Strings } from '../../phone/page/types.ts';

export const NOTES_STRINGS: Strings = {
  en: {},
  zh: {
    Notes: '笔记',
    'Search notes': '搜索笔记',
    'New note': '新建笔记',
    Title: '标题',
    Note: '笔记',
    Pinned: '已置顶',
    Others: '其他',
    Pin: '置顶',
    Unpin: '取消置顶',
    Delete: '删除',
    Save: '保存',
    Cancel: '取消',
    'Delete this note?': '要删除此笔记吗？',
    'Delete note': '删除笔记',
    'Note deleted': '笔记已删除',
    'Empty note discarded': '已舍弃空白笔记',
    'Note saved': '笔记已保存',
    'Edited {time}': '编辑时间：{time}',
    'No notes yet. Tap + to write one.': '还没有笔记。点按 + 开始记录。',
    'No matching notes': '没有匹配的笔记',
    '{n} notes': '{n} 条笔记',
    '1 note': '1 条笔记',
    'Clear search': '清除搜索',
    'Navigate up': '向上导航',
    Close: '关闭',
    '(Untitled)': '（无标题）',
  },
};
