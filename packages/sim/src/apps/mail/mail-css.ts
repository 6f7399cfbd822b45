/** Email's stylesheet (dp/sp units). */
import { AVATAR_CSS } from '../contacts/avatar.ts';

export const MAIL_CSS = `${AVATAR_CSS}
.mail-app .list-pad{padding-bottom:104dp}
.mail-app .mail-row{display:flex;flex-direction:row;align-items:flex-start;gap:14dp;padding:12dp 8dp 12dp 16dp;flex:none}
.mail-app .mail-texts{display:flex;flex-direction:column;gap:2dp;min-width:0}
.mail-app .mail-top{display:flex;flex-direction:row;align-items:baseline;gap:8dp}
.mail-app .mail-sender{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mail-app .mail-date{font-size:12sp;color:var(--muted);flex:none}
.mail-app .mail-subject{font-size:14sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mail-app .mail-snippet{font-size:14sp;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mail-app .mail-row.unread .mail-sender,.mail-app .mail-row.unread .mail-subject,.mail-app .mail-row.unread .mail-date{font-weight:700;color:var(--fg)}
.mail-app .mail-draft{color:var(--error)}
.mail-app .mail-side{display:flex;flex-direction:column;align-items:center;gap:4dp;flex:none}
.mail-app .star-on{color:#f4b400}
.mail-app .mail-banner{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:8dp 16dp;flex:none;background:var(--surface);font-size:14sp}
.mail-app .msg-subject{font-size:22sp;line-height:28sp;padding:8dp 16dp 12dp;flex:none}
.mail-app .msg-head{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:0 16dp 12dp;flex:none}
.mail-app .msg-from{font-size:15sp;font-weight:500}
.mail-app .msg-meta{font-size:13sp;color:var(--muted)}
.mail-app .msg-body{font-size:15sp;line-height:22sp;padding:8dp 16dp 16dp;white-space:pre-wrap;flex:none}
.mail-app .msg-att{display:flex;flex-direction:row;align-items:center;gap:10dp;margin:4dp 16dp;padding:10dp 12dp;border:1dp solid var(--divider);border-radius:12dp;flex:none}
.mail-app .msg-actions{display:flex;flex-direction:row;gap:8dp;padding:8dp 16dp;flex:none;border-top:1dp solid var(--divider)}
.mail-app .msg-actions .btn{flex:1 1 0}
.mail-app .field-row{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:52dp;padding:0 16dp;border-bottom:1dp solid var(--divider);flex:none}
.mail-app .field-label{font-size:15sp;color:var(--muted);width:64dp;flex:none}
.mail-app .field-row .edit{flex:1 1 auto}
.mail-app .compose-body{min-height:280dp;padding:12dp 16dp;font-size:15sp;line-height:22sp}
.mail-app .suggest{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:8dp 16dp;flex:none;background:var(--surface)}
.mail-app .compose-error{color:var(--error);font-size:14sp;padding:8dp 16dp;flex:none}
.mail-app .att-chip{display:flex;flex-direction:row;align-items:center;gap:6dp;margin:8dp 16dp 0;padding:4dp 8dp 4dp 12dp;border-radius:16dp;background:var(--surface-hi);align-self:flex-start;flex:none}
.mail-app .search-bar{display:flex;flex-direction:row;align-items:center;gap:8dp;margin:0 12dp 8dp;padding:0 8dp;height:52dp;border-radius:26dp;background:var(--surface-hi);flex:none}
.mail-app .search-bar .edit{flex:1 1 auto;min-height:0;padding:0;line-height:52dp;height:52dp}
.dialog.mail-drawer{padding-bottom:12dp}
.dialog.mail-drawer .list-item{padding:0 20dp}
.mail-count{font-size:13sp;color:var(--muted)}
`;
