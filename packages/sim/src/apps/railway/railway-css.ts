/** Railway's stylesheet (dp/sp units); every class starts with `rw-` (dialogs render outside the app root). */
export const RAILWAY_CSS = `
.light{--rw-blue:#1e62c8;--rw-blue-soft:#e3edfc;--rw-price:#e8590c;--rw-ok:#1b8a3a;--rw-none:#b3261e;--rw-hl:#fff4e5}
.dark{--rw-blue:#8fb4ff;--rw-blue-soft:#1c2d4d;--rw-price:#ffa36b;--rw-ok:#7fd493;--rw-none:#ff8a80;--rw-hl:#3a2a14}
.rw-screen{background:var(--bg)}
.rw-banner{height:104dp;margin:0 16dp;border-radius:20dp;background:linear-gradient(120deg,#1e62c8 0%,#3b8ee8 60%,#6cc0f0 100%);display:flex;align-items:flex-start;padding:20dp 20dp;flex:none}
.rw-banner-text{color:#ffffff;font-size:18sp;font-weight:500}
.rw-card{margin:8dp 16dp;border-radius:16dp;background:var(--card);border:1dp solid var(--divider);flex:none;overflow:hidden}
.dark .rw-card{background:var(--surface)}
.rw-search-card{margin-top:-20dp;padding:8dp 16dp 16dp;box-shadow:0 2dp 8dp rgba(0,0,0,.12)}
.rw-station-row{display:flex;flex-direction:row;align-items:center;min-height:80dp}
.rw-station-box{flex:1 1 0;min-width:0;display:flex;flex-direction:column;padding:8dp 0}
.rw-station-box.to{align-items:flex-end}
.rw-station-label{font-size:12sp;color:var(--muted)}
.rw-station-value{font-size:26sp;font-weight:500;white-space:nowrap}
.rw-station-row .icon-btn{color:var(--rw-blue);border:1dp solid var(--divider)}
.rw-date-row{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:64dp}
.rw-date-day{font-size:22sp;font-weight:500}
.rw-date-weekday{font-size:14sp;color:var(--muted)}
.rw-search-card .checkbox{margin:4dp 0}
.rw-search-btn{width:100%;height:52dp;border-radius:26dp;margin-top:8dp;font-size:17sp;background:var(--rw-blue);color:#ffffff}
.dark .rw-search-btn{color:#0b1d48}
.rw-hist-head{display:flex;flex-direction:row;align-items:center;padding-right:8dp;flex:none}
.rw-hist-chips{display:flex;flex-direction:row;flex-wrap:wrap;gap:8dp;padding:0 16dp 8dp;flex:none}
.rw-tips{padding:12dp 16dp}
.rw-tips-title{font-size:14sp;font-weight:500;margin-bottom:4dp}
.rw-tips-text{font-size:13sp;color:var(--muted);line-height:18sp}
.rw-profile{display:flex;flex-direction:row;align-items:center;gap:16dp;padding:16dp;flex:none}
.rw-avatar{width:56dp;height:56dp;border-radius:28dp;background:var(--rw-blue);color:#ffffff;font-size:24sp;line-height:56dp;text-align:center;flex:none}
.rw-profile-name{font-size:20sp}
.rw-profile-phone{font-size:14sp;color:var(--muted)}
.rw-pad-row{padding:12dp 16dp;flex:none;align-items:flex-start}
.rw-search-field{padding:0 16dp 8dp;flex:none}
.rw-letter-head{font-size:13sp;color:var(--muted);background:var(--surface);padding:4dp 16dp;flex:none}
.rw-hot-grid{display:flex;flex-direction:row;flex-wrap:wrap;gap:8dp;padding:0 16dp 8dp;flex:none}
.rw-hot-city{width:100dp;height:40dp;line-height:40dp;text-align:center;border-radius:8dp;background:var(--surface-hi);font-size:15sp}
.rw-cal-week{display:flex;flex-direction:row;flex:none;border-bottom:1dp solid var(--divider)}
.rw-cal-wd{flex:1 1 0;text-align:center;font-size:12sp;color:var(--muted);height:32dp;line-height:32dp}
.rw-cal-note{font-size:13sp;color:var(--muted);padding:12dp 16dp 0;flex:none}
.rw-cal-month{display:flex;flex-direction:column;flex:none;padding:0 8dp 8dp}
.rw-cal-month-title{font-size:16sp;font-weight:500;padding:16dp 8dp 8dp}
.rw-cal-grid{display:grid;grid-template-columns:repeat(7,1fr);row-gap:4dp}
.rw-cal-cell{height:52dp;display:flex;flex-direction:column;align-items:center;justify-content:center;border-radius:12dp}
.rw-cal-cell.off{color:var(--muted);opacity:.45}
.rw-cal-cell.sel{background:var(--rw-blue);color:#ffffff}
.dark .rw-cal-cell.sel{color:#0b1d48}
.rw-cal-num{font-size:16sp}
.rw-cal-sub{font-size:10sp}
.rw-datebar{display:flex;flex-direction:row;align-items:center;background:var(--rw-blue-soft);height:48dp;padding:0 4dp;flex:none}
.rw-date{text-align:center;font-size:15sp;font-weight:500}
.rw-chips{flex:none;height:52dp}
.rw-chip-row{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:0 16dp;height:52dp;width:max-content}
.rw-count{font-size:12sp;color:var(--muted);padding:0 16dp 4dp;flex:none}
.rw-list .list-pad{padding-bottom:24dp}
.rw-train{margin:6dp 12dp;padding:12dp 16dp;border-radius:16dp;background:var(--card);border:1dp solid var(--divider);flex:none}
.dark .rw-train{background:var(--surface)}
.rw-train.gone{opacity:.55}
.rw-train-row{display:flex;flex-direction:row;align-items:flex-start}
.rw-end{display:flex;flex-direction:column;min-width:96dp;flex:none}
.rw-end.right{align-items:flex-end}
.rw-time-row{display:flex;flex-direction:row;align-items:flex-start}
.rw-time{font-size:24sp;font-weight:500;line-height:30sp}
.rw-time.big{font-size:28sp;line-height:34sp}
.rw-plus{font-size:11sp;color:var(--rw-price);margin-left:2dp}
.rw-station{font-size:13sp;color:var(--muted);white-space:nowrap}
.rw-mid{display:flex;flex-direction:column;align-items:center;padding-top:2dp}
.rw-code{font-size:15sp;font-weight:500;color:var(--rw-blue)}
.rw-arrow{width:72dp;height:2dp;background:var(--divider);margin:4dp 0;position:relative}
.rw-arrow.wide{width:auto;margin:16dp 12dp 0}
.rw-dur{font-size:12sp;color:var(--muted)}
.rw-gone{font-size:13sp;color:var(--muted);margin-top:8dp}
.rw-gone.pad{padding:0 16dp}
.rw-seats{display:flex;flex-direction:row;flex-wrap:wrap;gap:4dp 12dp;margin-top:10dp;padding-top:8dp;border-top:1dp dashed var(--divider)}
.rw-seat{font-size:12sp;color:var(--rw-ok)}
.rw-seat.none{color:var(--muted)}
.rw-header{display:flex;flex-direction:column;gap:8dp;margin:8dp 16dp;padding:16dp;border-radius:16dp;background:var(--rw-blue-soft);flex:none}
.rw-header-date{font-size:14sp;color:var(--muted)}
.rw-seat-row{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:64dp;padding:4dp 16dp;border-bottom:1dp solid var(--divider)}
.rw-seat-name{font-size:16sp}
.rw-seat-left{font-size:13sp;color:var(--rw-ok)}
.rw-seat-left.none{color:var(--rw-none)}
.rw-price{font-size:18sp;font-weight:500;color:var(--rw-price);white-space:nowrap}
.rw-book{height:36dp;padding:0 16dp}
.rw-stop{display:flex;flex-direction:row;align-items:center;gap:8dp;min-height:44dp;padding:0 16dp;color:var(--muted);font-size:14sp}
.rw-stop.on{color:var(--fg)}
.rw-stop.end{background:var(--rw-hl);font-weight:500}
.rw-stop.head{min-height:36dp;font-size:12sp;border-bottom:1dp solid var(--divider)}
.rw-stop-i{width:20dp;flex:none;text-align:center}
.rw-stop-name{min-width:0}
.rw-stop-t{width:52dp;flex:none;text-align:center}
.rw-stop-d{width:56dp;flex:none;text-align:right}
.rw-pax{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:64dp;padding:4dp 16dp;border-bottom:1dp solid var(--divider)}
.rw-pax.on .cb-box{background:var(--primary);border-color:var(--primary)}
.rw-pax-texts{display:flex;flex-direction:column}
.rw-pax-name{font-size:16sp}
.rw-pax-id{font-size:13sp;color:var(--muted)}
.rw-terms{font-size:12sp;color:var(--muted);padding:8dp 16dp 24dp;flex:none}
.rw-bottom{display:flex;flex-direction:row;align-items:center;gap:12dp;height:72dp;padding:0 16dp;background:var(--surface);border-top:1dp solid var(--divider);flex:none}
.rw-total-label{font-size:12sp;color:var(--muted)}
.rw-total{font-size:22sp;font-weight:500;color:var(--rw-price)}
.rw-submit{height:48dp;border-radius:24dp;padding:0 28dp;background:var(--rw-price);color:#ffffff}
.dark .rw-submit{color:#2a1200}
.rw-field{display:flex;flex-direction:column;gap:6dp;padding:12dp 16dp 4dp;flex:none}
.rw-field-label{font-size:13sp;color:var(--muted)}
.rw-field-value{font-size:16sp;padding:4dp 0}
.rw-error{color:var(--error);font-size:14sp;padding:8dp 16dp;flex:none}
.rw-save{margin-right:12dp;height:36dp}
.rw-danger{color:var(--error)}
.rw-order{margin:6dp 12dp;padding:12dp 16dp;border-radius:16dp;background:var(--card);border:1dp solid var(--divider);gap:6dp;flex:none}
.dark .rw-order{background:var(--surface)}
.rw-order-top,.rw-order-bottom{display:flex;flex-direction:row;align-items:center;gap:8dp}
.rw-order-date{font-size:14sp;font-weight:500}
.rw-status{font-size:13sp;color:var(--rw-ok)}
.rw-status.cancelled{color:var(--muted)}
.rw-order-route{font-size:15sp}
.rw-muted{font-size:13sp;color:var(--muted)}
.rw-status-banner{padding:20dp 16dp;margin-bottom:8dp;background:var(--rw-blue);color:#ffffff;flex:none}
.rw-status-banner.cancelled{background:#6b6f78}
.dark .rw-status-banner{color:#0b1d48}
.rw-status-big{font-size:22sp;font-weight:500}
.rw-status-sub{font-size:13sp;opacity:.85}
.rw-trip-code{font-size:14sp;color:var(--muted);padding:12dp 16dp 4dp}
.rw-card .rw-train-row{padding:0 16dp}
.rw-ticket{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:64dp;padding:4dp 16dp;border-bottom:1dp solid var(--divider)}
.rw-kv{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:44dp;padding:0 16dp}
.rw-kv-k{font-size:14sp;color:var(--muted);width:120dp;flex:none}
.rw-kv-v{font-size:15sp;text-align:right}
`;
