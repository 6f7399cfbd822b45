/** Weather's stylesheet (dp/sp units). */
export const WEATHER_CSS = `
.wx-app .list-pad{padding-bottom:104dp}
.wx-app .wx-glyph{display:block;flex:none}
.wx-app .wx-glyph svg{display:block;width:100%;height:100%}
.wx-app .hero{display:flex;flex-direction:column;align-items:center;padding:8dp 16dp 20dp;flex:none}
.wx-app .hero-loc{font-size:13sp;color:var(--muted);display:flex;flex-direction:row;align-items:center;gap:4dp}
.wx-app .hero-main{display:flex;flex-direction:row;align-items:center;gap:12dp}
.wx-app .hero-temp{font-size:88sp;line-height:104sp;font-weight:300}
.wx-app .hero-cond{font-size:22sp}
.wx-app .hero-hl{font-size:16sp;color:var(--muted);margin-top:4dp}
.wx-app .hero-feels{font-size:14sp;color:var(--muted)}
.wx-app .dots{display:flex;flex-direction:row;justify-content:center;gap:6dp;padding:0 0 8dp;flex:none}
.wx-app .dot{width:7dp;height:7dp;border-radius:4dp;background:var(--outline);opacity:.4}
.wx-app .dot.on{opacity:1;background:var(--primary)}
.wx-app .wx-card{margin:6dp 16dp;padding:12dp 0;border-radius:20dp;background:var(--surface);display:flex;flex-direction:column;flex:none}
.wx-app .wx-card-title{font-size:13sp;font-weight:500;color:var(--muted);padding:0 16dp 8dp}
.wx-app .hours{display:flex;flex-direction:row;gap:4dp;padding:0 8dp;width:max-content}
.wx-app .hour{display:flex;flex-direction:column;align-items:center;gap:4dp;width:60dp;flex:none}
.wx-app .hour-time{font-size:13sp;color:var(--muted)}
.wx-app .hour-temp{font-size:16sp}
.wx-app .hour-rain{font-size:11sp;color:#1e88e5;min-height:14sp}
.wx-app .day-row{display:flex;flex-direction:row;align-items:center;gap:10dp;min-height:60dp;padding:4dp 16dp;flex:none}
.wx-app .day-texts{display:flex;flex-direction:column;width:118dp;flex:none}
.wx-app .day-name{font-size:16sp}
.wx-app .day-cond{font-size:12sp;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.wx-app .day-rain{font-size:12sp;color:#1e88e5;width:36dp;text-align:right;flex:none}
.wx-app .day-low{font-size:15sp;color:var(--muted);width:36dp;text-align:right;flex:none}
.wx-app .day-high{font-size:15sp;width:36dp;flex:none}
.wx-app .day-bar{position:relative;height:5dp;border-radius:3dp;background:var(--surface-hi)}
.wx-app .day-bar-fill{position:absolute;top:0;bottom:0;border-radius:3dp;background:linear-gradient(90deg,#4fc3f7,#ffb74d)}
.wx-app .grid{display:flex;flex-direction:row;flex-wrap:wrap;padding:0 10dp;flex:none}
.wx-app .tile{width:calc(50% - 12dp);margin:6dp;padding:14dp 16dp;border-radius:20dp;background:var(--surface);display:flex;flex-direction:column;gap:6dp;flex:none}
.wx-app .tile-title{font-size:13sp;color:var(--muted);display:flex;flex-direction:row;align-items:center;gap:6dp}
.wx-app .tile-value{font-size:24sp}
.wx-app .tile-sub{font-size:13sp;color:var(--muted)}
.wx-app .city-card{display:flex;flex-direction:row;align-items:center;gap:12dp;margin:6dp 16dp;padding:14dp 8dp 14dp 20dp;border-radius:20dp;background:var(--surface);min-height:88dp;flex:none}
.wx-app .city-card.selected{background:var(--primary-soft);color:var(--on-primary-soft)}
.wx-app .city-name{font-size:20sp}
.wx-app .city-sub{font-size:13sp;opacity:.75}
.wx-app .city-temp{font-size:32sp;font-weight:300}
.wx-app .search-row{padding:0 16dp 8dp;flex:none}
.wx-app .result-row{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:64dp;padding:8dp 24dp;flex:none}
.wx-app .result-name{font-size:16sp}
.wx-app .result-region{font-size:13sp;color:var(--muted)}
.wx-app .result-added{font-size:13sp;color:var(--primary)}
.wx-app .section{font-size:14sp;font-weight:500;color:var(--primary);padding:12dp 24dp 4dp;flex:none}
.wx-app .detail-hero{display:flex;flex-direction:column;align-items:center;gap:6dp;padding:8dp 16dp 16dp;flex:none}
.wx-app .detail-date{font-size:14sp;color:var(--muted)}
.wx-app .detail-summary{font-size:15sp;line-height:22sp;padding:0 24dp 12dp;flex:none}
`;
