/** Music's stylesheet (dp/sp units). */
export const MUSIC_CSS = `
.music-app .list-pad{padding-bottom:24dp}
.music-app .mu-chips{display:flex;flex-direction:row;gap:8dp;padding:0 16dp 8dp;width:max-content}
.music-app .mu-row{display:flex;flex-direction:row;align-items:center;gap:14dp;min-height:64dp;padding:4dp 4dp 4dp 16dp;flex:none}
.music-app .mu-row.current .mu-title{color:var(--primary);font-weight:600}
.music-app .mu-cover{width:48dp;height:48dp;border-radius:6dp;flex:none;display:flex;align-items:center;justify-content:center;color:#ffffff}
.music-app .mu-texts{display:flex;flex-direction:column;gap:2dp;min-width:0}
.music-app .mu-title{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.music-app .mu-sub{font-size:13sp;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.music-app .mu-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:14dp;padding:4dp 16dp 16dp}
.music-app .mu-album{display:flex;flex-direction:column;gap:6dp}
.music-app .mu-album-cover{aspect-ratio:1/1;border-radius:10dp;display:flex;align-items:center;justify-content:center;color:#ffffff}
.music-app .mu-mini{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:6dp 8dp 6dp 12dp;flex:none;background:var(--surface-hi)}
.music-app .mu-head{display:flex;flex-direction:column;align-items:center;gap:8dp;padding:8dp 16dp 12dp;flex:none}
.music-app .mu-head-cover{width:160dp;height:160dp;border-radius:12dp;display:flex;align-items:center;justify-content:center;color:#ffffff}
.music-app .mu-head-title{font-size:22sp;text-align:center}
.music-app .mu-head-buttons{display:flex;flex-direction:row;gap:12dp}
.music-app .mu-player{display:flex;flex-direction:column;align-items:stretch;gap:10dp;padding:8dp 24dp 16dp}
.music-app .mu-art{align-self:center;width:280dp;height:280dp;border-radius:16dp;margin:8dp 0;display:flex;align-items:center;justify-content:center;color:#ffffff}
.music-app .mu-now-title{font-size:22sp;font-weight:500}
.music-app .mu-now-sub{font-size:15sp;color:var(--muted)}
.music-app .mu-times{display:flex;flex-direction:row;justify-content:space-between;font-size:12sp;color:var(--muted)}
.music-app .mu-controls{display:flex;flex-direction:row;align-items:center;justify-content:space-between}
.music-app .mu-play{width:64dp;height:64dp;border-radius:32dp;background:var(--primary);color:var(--on-primary)}
.music-app .mu-on{color:var(--primary)}
.music-app .mu-row-line{display:flex;flex-direction:row;align-items:center;gap:8dp}
.music-app .mu-progress{height:3dp;border-radius:2dp;background:var(--switch-off);overflow:hidden;margin-top:4dp}
.music-app .mu-progress-fill{display:block;height:100%;background:var(--primary)}
`;
