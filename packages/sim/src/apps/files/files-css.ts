/** Files' stylesheet (dp/sp units). */
export const FILES_CSS = `
.files-app .list-pad{padding-bottom:96dp}
.files-app .fl-cats{display:grid;grid-template-columns:repeat(3,1fr);gap:10dp;padding:8dp 16dp 12dp}
.files-app .fl-cat{display:flex;flex-direction:column;align-items:flex-start;gap:6dp;padding:12dp;border-radius:16dp;background:var(--surface)}
.files-app .fl-cat-name{font-size:15sp;font-weight:500}
.files-app .fl-cat-count{font-size:12sp;color:var(--muted)}
.files-app .fl-storage{display:flex;flex-direction:column;gap:8dp;margin:4dp 16dp 8dp;padding:14dp 16dp;border-radius:16dp;background:var(--surface);flex:none}
.files-app .fl-bar{height:6dp;border-radius:3dp;background:var(--switch-off);overflow:hidden}
.files-app .fl-bar-fill{display:block;height:100%;background:var(--primary)}
.files-app .fl-row{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:64dp;padding:6dp 8dp 6dp 16dp;flex:none}
.files-app .fl-thumb{width:44dp;height:44dp;border-radius:8dp;overflow:hidden;flex:none;display:flex;align-items:center;justify-content:center;background:var(--surface-hi);color:var(--muted)}
.files-app .fl-name{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.files-app .fl-meta{font-size:13sp;color:var(--muted)}
.files-app .fl-texts{display:flex;flex-direction:column;gap:2dp;min-width:0}
.files-app .fl-crumb{font-size:14sp;color:var(--primary);padding:0 16dp 8dp;flex:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.files-app .fl-day{font-size:14sp;font-weight:500;padding:14dp 16dp 6dp;flex:none}
.files-app .fl-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:2dp;padding:0 2dp;flex:none}
.files-app .fl-photo{aspect-ratio:1/1;overflow:hidden;position:relative}
.files-app .fl-fav{position:absolute;right:4dp;bottom:4dp;width:18dp;height:18dp;color:#ffffff}
.fl-viewer{background:#000000}
.fl-viewer .toolbar{background:rgba(0,0,0,.4);color:#ffffff}
.fl-viewer .icon-btn{color:#ffffff}
.fl-viewer .fl-picture{position:absolute;left:0;right:0;top:20%;bottom:20%}
.fl-viewer .fl-caption{position:absolute;left:16dp;right:16dp;bottom:24dp;color:#e0e0e0;font-size:14sp;text-align:center}
.files-app .fl-preview{font-size:15sp;line-height:22sp;padding:16dp;white-space:pre-wrap;flex:none}
.files-app .fl-bar-row{display:flex;flex-direction:row;gap:8dp;padding:8dp 16dp;flex:none;border-top:1dp solid var(--divider)}
`;
