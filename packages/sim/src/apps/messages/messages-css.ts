/** Messages' stylesheet (dp/sp units). */
import { AVATAR_CSS } from '../contacts/avatar.ts';

export const MESSAGES_CSS = `${AVATAR_CSS}
.msg-app .list-pad{padding-bottom:104dp}
.msg-app .conv-row{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:80dp;padding:10dp 16dp 10dp 16dp;flex:none}
.msg-app .conv-texts{display:flex;flex-direction:column;gap:2dp}
.msg-app .conv-top{display:flex;flex-direction:row;align-items:baseline;gap:8dp}
.msg-app .conv-name{font-size:17sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.msg-app .conv-time{font-size:13sp;color:var(--muted);flex:none}
.msg-app .conv-snippet{font-size:14sp;line-height:20sp;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.msg-app .conv-row.unread .conv-name,.msg-app .conv-row.unread .conv-snippet,.msg-app .conv-row.unread .conv-time{font-weight:700;color:var(--fg)}
.msg-app .unread-dot{width:10dp;height:10dp;border-radius:5dp;background:var(--primary);flex:none}
.msg-app .thread{display:flex;flex-direction:column;gap:4dp;padding:8dp 12dp 12dp}
.msg-app .day-sep{align-self:center;font-size:12sp;color:var(--muted);padding:12dp 0 6dp}
.msg-app .bubble-row{display:flex;flex-direction:row;flex:none}
.msg-app .bubble-row.sent{justify-content:flex-end}
.msg-app .bubble{max-width:78%;display:flex;flex-direction:column;gap:2dp;padding:10dp 14dp;border-radius:20dp;background:var(--surface-hi)}
.msg-app .bubble-row.sent .bubble{background:var(--primary);color:var(--on-primary)}
.msg-app .bubble.selected{outline:3dp solid var(--accent);outline-offset:2dp}
.msg-app .forward-preview{margin:0 16dp 8dp;padding:8dp 12dp;border-radius:12dp;background:var(--surface-hi);font-size:14sp;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis;flex:none}
.msg-app .bubble-text{font-size:16sp;line-height:22sp}
.msg-app .bubble-time{font-size:11sp;opacity:.75}
.msg-app .compose{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:8dp 8dp 8dp 16dp;flex:none;background:var(--bg)}
.msg-app .compose-field{flex:1 1 auto;border-radius:24dp;background:var(--surface-hi);padding:0 16dp;min-height:48dp;display:flex;align-items:center}
.msg-app .compose-field .edit{flex:1 1 auto;min-height:48dp;padding:12dp 0}
.msg-app .send-btn{width:48dp;height:48dp;border-radius:24dp;background:var(--primary);color:var(--on-primary)}
.msg-app .send-btn[data-enabled="false"]{background:var(--surface-hi);color:var(--muted)}
.msg-app .to-row{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:0 16dp 8dp;flex:none;border-bottom:1dp solid var(--divider)}
.msg-app .to-label{font-size:16sp;color:var(--muted)}
.msg-app .to-row .edit{flex:1 1 auto}
.msg-app .pick-header{font-size:14sp;font-weight:500;color:var(--primary);padding:16dp 20dp 4dp;flex:none}
.msg-app .pick-row{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:64dp;padding:8dp 20dp;flex:none}
.msg-app .pick-name{font-size:16sp}
.msg-app .pick-sub{font-size:13sp;color:var(--muted)}
`;
