/** Messages text in English and Chinese (keys are the English text). */
import type { Strings } from '../../phone/page/types.ts';

export const MESSAGES_STRINGS: Strings = {
  en: {},
  zh: {
    Messages: '信息',
    'Start chat': '发起聊天',
    'New conversation': '新对话',
    'Type name or phone number': '输入姓名或电话号码',
    'Send to {number}': '发送至 {number}',
    'All contacts': '所有联系人',
    'No conversations yet': '还没有对话',
    'Text message': '短信',
    'Send SMS': '发送短信',
    'You: {text}': '你：{text}',
    Unread: '未读',
    Today: '今天',
    Yesterday: '昨天',
    Sent: '已发送',
    'Add contact': '添加联系人',
    'Delete conversation': '删除对话',
    'Delete this conversation?': '要删除此对话吗？',
    'Conversation deleted': '对话已删除',
    Delete: '删除',
    Cancel: '取消',
    'No contacts found': '找不到联系人',
    'Navigate up': '向上导航',
    Close: '关闭',
  },
};
