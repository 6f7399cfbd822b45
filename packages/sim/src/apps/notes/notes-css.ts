/** Notes' stylesheet (dp/sp units). */
export const NOTES_CSS = `
.notes-app .list-pad{padding-bottom:104dp}
.notes-app .notes-search{display:flex;flex-direction:row;align-items:center;gap:12dp;margin:0 16dp 8dp;height:52dp;border-radius:26dp;background:var(--surface-hi);padding:0 8dp 0 16dp;flex:none;color:var(--muted)}
.notes-app .notes-search .edit{min-height:0;padding:0;line-height:52dp;height:52dp;flex:1 1 auto}
.notes-app .notes-count{font-size:13sp;color:var(--muted);padding:4dp 20dp 4dp;flex:none}
.notes-app .notes-section{font-size:12sp;font-weight:500;letter-spacing:.6sp;color:var(--muted);padding:12dp 20dp 4dp;flex:none}
.notes-app .note-card{display:flex;flex-direction:column;gap:4dp;margin:6dp 16dp;padding:14dp 16dp;border:1dp solid var(--divider);border-radius:16dp;background:var(--card);flex:none}
.notes-app .note-card.pinned{background:var(--surface)}
.notes-app .note-foot{display:flex;flex-direction:row;align-items:center;gap:8dp;min-height:20dp}
.notes-app .note-title{font-size:17sp;font-weight:500;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.notes-app .note-snippet{font-size:14sp;line-height:20sp;color:var(--muted);max-height:40sp;overflow:hidden}
.notes-app .note-snippet.solo{font-size:16sp;line-height:22sp;max-height:66sp;color:var(--fg)}
.notes-app .note-date{font-size:12sp;color:var(--muted)}
.notes-app .pin-mark{color:var(--primary)}
.notes-app .editor-body{display:flex;flex-direction:column;padding:0 20dp}
.notes-app .editor-title{font-size:24sp;line-height:32sp;min-height:56dp}
.notes-app .editor-text{font-size:16sp;line-height:24sp;min-height:320dp}
.notes-app .edited-time{font-size:12sp;color:var(--muted);text-align:center;padding:8dp 16dp;flex:none;border-top:1dp solid var(--divider)}
.dialog.note-menu{padding-bottom:16dp}
.dialog.note-menu .list-item{padding:0 24dp}
`;
