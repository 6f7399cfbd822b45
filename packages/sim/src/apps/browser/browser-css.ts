/** The Browser's stylesheet (dp/sp units); the page styles (`wb-*`) are the web sites'. */
export const BROWSER_CSS = `
.browser-app .wb-bar{display:flex;flex-direction:row;align-items:center;gap:4dp;height:56dp;padding:0 4dp;flex:none;background:var(--surface)}
.browser-app .wb-url{display:flex;flex-direction:row;align-items:center;gap:8dp;height:44dp;border-radius:22dp;background:var(--surface-hi);padding:0 14dp;min-width:0}
.browser-app .wb-url.editing{padding:0 14dp;line-height:44dp}
.browser-app .wb-url-text{font-size:15sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.browser-app .wb-url-text.hint,.browser-app .hint{color:var(--muted)}
.browser-app .wb-lock{display:flex;color:var(--muted)}
.browser-app .wb-tabs{width:24dp;height:24dp;margin:0 10dp;border:2dp solid currentColor;border-radius:5dp;font-size:12sp;font-weight:700;line-height:22dp;text-align:center;flex:none}
.browser-app .wb-body{background:#ffffff}
.browser-app .wb-view{overflow-y:auto;color:#202124;background:#ffffff;line-height:1.45}
.browser-app .wb-site{display:block;padding:12dp 16dp;background:#f1f3f4;color:#3c4043;font-weight:700;font-size:1.05em;border-bottom:1dp solid #dadce0}
.browser-app .wb-main{display:block;padding:8dp 16dp 48dp}
.browser-app .wb-main.desktop{font-size:.8em;padding:4dp 40dp 48dp}
.browser-app .wb-h1{display:block;font-size:1.6em;font-weight:600;margin:12dp 0 8dp;line-height:1.2}
.browser-app .wb-h2{display:block;font-size:1.25em;font-weight:600;margin:16dp 0 6dp}
.browser-app .wb-p{display:block;margin:8dp 0}
.browser-app .wb-meta{display:block;color:#5f6368;font-size:.85em;margin:4dp 0 8dp}
.browser-app .wb-link{display:block;padding:10dp 0;border-bottom:1dp solid #eceff1}
.browser-app .wb-link-text{display:block;color:#1a0dab;text-decoration:underline}
.browser-app .wb-note{display:block;color:#5f6368;font-size:.8em}
.browser-app .wb-facts{display:block;margin:8dp 0;border:1dp solid #c8ccd1;background:#f8f9fa;padding:6dp 10dp}
.browser-app .wb-fact{display:flex;flex-direction:row;gap:12dp;padding:3dp 0;font-size:.9em}
.browser-app .wb-fact b{min-width:96dp}
.browser-app .wb-list{display:block;margin:4dp 0 8dp}
.browser-app .wb-li{display:block;padding:3dp 0 3dp 12dp}
.browser-app .wb-error{display:block;padding:64dp 24dp;color:#3c4043}
.browser-app .wb-ntp{display:flex;flex-direction:column;align-items:center;gap:20dp;padding:56dp 16dp}
.browser-app .wb-logo{font-size:44sp;font-weight:700;color:#1a73e8}
.browser-app .wb-search-box{display:flex;flex-direction:row;align-items:center;gap:12dp;width:100%;height:52dp;border-radius:26dp;background:var(--surface-hi);padding:0 18dp;box-sizing:border-box;color:var(--muted)}
.browser-app .wb-tiles{display:flex;flex-direction:row;flex-wrap:wrap;justify-content:center;gap:12dp}
.browser-app .wb-tile{display:flex;flex-direction:column;align-items:center;gap:6dp;width:76dp}
.browser-app .wb-tile-icon{width:48dp;height:48dp;border-radius:24dp;background:var(--primary-soft);color:var(--on-primary-soft);font-size:20sp;font-weight:600;display:flex;align-items:center;justify-content:center}
.browser-app .wb-tile-text{font-size:12sp;text-align:center;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;width:76dp}
.browser-app .wb-current{background:var(--primary-soft)}
.browser-app .wb-form{display:flex;flex-direction:column;gap:12dp}
.browser-app .wb-history-head{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:0 8dp 8dp 16dp;flex:none}
.browser-app .wb-slider-row{display:flex;flex-direction:column;gap:4dp;padding:12dp 16dp;flex:none}
.browser-app .wb-slider-line{display:flex;flex-direction:row;align-items:center;gap:12dp}
.browser-app .wb-pct{font-size:14sp;min-width:48dp;text-align:right}
.browser-app .wb-sample{color:var(--muted)}
.wb-menu .wb-menu-icons{display:flex;flex-direction:row;justify-content:space-around;padding:0 0 4dp;border-bottom:1dp solid var(--divider)}
.wb-menu .wb-menu-check{display:flex;flex-direction:row;align-items:center;min-height:48dp;padding:0 16dp}
`;
