/** Shop's stylesheet (dp/sp units); every class starts with `sp-` (dialogs render outside the app root). */
export const SHOP_CSS = `
.light{--sp-accent:#ff5a1f;--sp-accent-soft:#fff0e8;--sp-bg:#f4f5f7;--sp-pic-bg:#eef0f3;--sp-ok:#2e9d5b;--sp-star:#f5a623}
.dark{--sp-accent:#ff8a5c;--sp-accent-soft:#3b2218;--sp-bg:#0d0e11;--sp-pic-bg:#2a2c31;--sp-ok:#7fd493;--sp-star:#ffc861}
.sp-screen{background:var(--sp-bg)}
.sp-screen>.toolbar,.sp-screen>.a-tb{background:var(--bg)}
.sp-top{display:flex;flex-direction:row;align-items:center;gap:12dp;height:64dp;padding:0 12dp 0 16dp;background:var(--sp-accent);flex:none}
.sp-logo{color:#ffffff;font-size:22sp;font-weight:700}
.dark .sp-logo{color:#2a1200}
.sp-searchbox{display:flex;flex-direction:row;align-items:center;gap:8dp;height:40dp;border-radius:20dp;background:var(--bg);padding:0 14dp}
.sp-searchbox.flat{background:var(--surface-hi);margin-right:12dp}
.sp-sb-icon{display:block;width:20dp;height:20dp;color:var(--muted);flex:none}
.sp-sb-icon svg,.sp-suggest-icon svg,.sp-glyph svg,.sp-pic svg,.sp-paid-icon svg{display:block;width:100%;height:100%}
.sp-sb-hint{font-size:15sp;color:var(--muted);white-space:nowrap}
.sp-sb-text{font-size:15sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sp-banner{margin:12dp;height:112dp;border-radius:16dp;background:linear-gradient(120deg,#ff7a45 0%,#ff3d3d 100%);display:flex;flex-direction:column;justify-content:center;padding:0 20dp;flex:none}
.sp-banner-big{color:#ffffff;font-size:24sp;font-weight:700}
.sp-banner-sub{color:#ffffff;font-size:14sp;margin-top:4dp}
.sp-cats{display:grid;grid-template-columns:repeat(5,1fr);margin:0 12dp;padding:6dp 4dp;border-radius:16dp;background:var(--card);flex:none}
.dark .sp-cats,.dark .sp-card,.dark .sp-deal,.dark .sp-box,.dark .sp-order,.dark .sp-result,.dark .sp-cart-line{background:var(--surface)}
.sp-cat{display:flex;flex-direction:column;align-items:center;gap:6dp;padding:10dp 0}
.sp-cat-icon{width:44dp;height:44dp;border-radius:22dp;background:var(--sp-accent-soft);color:var(--sp-accent);display:flex;align-items:center;justify-content:center}
.sp-cat-name{font-size:12sp;text-align:center;white-space:nowrap}
.sp-glyph{display:block;flex:none}
.sp-deals{flex:none;height:184dp}
.sp-deal-row{display:flex;flex-direction:row;gap:10dp;padding:0 12dp;height:100%;width:max-content}
.sp-deal{width:112dp;height:176dp;border-radius:12dp;background:var(--card);padding:8dp;display:flex;flex-direction:column;align-items:center;gap:2dp;position:relative}
.sp-off-tag{align-self:flex-start;background:var(--sp-accent);color:#ffffff;font-size:11sp;border-radius:4dp;padding:0 5dp;line-height:18sp}
.sp-deal .sp-off-tag{position:absolute;left:8dp;top:8dp}
.sp-grid{display:grid;grid-template-columns:1fr 1fr;gap:10dp;padding:0 12dp 16dp;flex:none}
.sp-card{border-radius:12dp;background:var(--card);overflow:hidden;padding-bottom:10dp;display:flex;flex-direction:column}
.sp-card-pic{height:140dp;background:var(--sp-pic-bg);display:flex;align-items:center;justify-content:center}
.sp-card-pic .sp-pic{background:transparent}
.sp-card-title{font-size:14sp;line-height:20sp;height:40dp;padding:0 10dp;margin-top:8dp;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.sp-card-foot{display:flex;flex-direction:row;align-items:baseline;gap:6dp;padding:6dp 10dp 0}
.sp-price{color:var(--sp-accent);font-size:16sp;font-weight:600;white-space:nowrap}
.sp-price.small{font-size:15sp}
.sp-price.big{font-size:26sp}
.sp-muted{color:var(--muted);font-size:13sp}
.sp-muted.small{font-size:12sp}
.sp-strike{color:var(--muted);font-size:12sp;text-decoration:line-through;white-space:nowrap}
.sp-pic{display:flex;align-items:center;justify-content:center;background:var(--sp-pic-bg);border-radius:8dp;flex:none}
.sp-accent{background:var(--sp-accent);color:#ffffff}
.dark .sp-accent{color:#2a1200}
.sp-accent-fg{color:var(--sp-accent)}
.sp-badge{position:absolute;top:-4dp;right:8dp;min-width:18dp;height:18dp;border-radius:9dp;background:var(--sp-accent);color:#ffffff;font-size:11sp;line-height:18dp;text-align:center;padding:0 4dp}
.sp-search-top{display:flex;flex-direction:row;align-items:center;gap:4dp;height:64dp;padding:0 4dp;background:var(--bg);flex:none}
.sp-search-edit.edit{flex:1 1 auto;min-width:0}
.sp-search-edit.edit.outlined{min-height:44dp;padding:9dp 16dp;border-radius:22dp;line-height:24sp}
.sp-search-edit.edit.outlined.focused{padding:8dp 15dp}
.sp-head-row{display:flex;flex-direction:row;align-items:center;padding-right:8dp;flex:none}
.sp-pad{padding:4dp 16dp 12dp;flex:none}
.sp-chip-wrap{display:flex;flex-direction:row;flex-wrap:wrap;gap:8dp}
.sp-suggest{display:flex;flex-direction:row;align-items:center;gap:14dp;min-height:52dp;padding:0 16dp;border-bottom:1dp solid var(--divider);font-size:15sp}
.sp-suggest-icon{display:block;width:20dp;height:20dp;color:var(--muted);flex:none}
.sp-chips{flex:none;height:48dp;background:var(--bg)}
.sp-chip-row{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:0 12dp;height:48dp;width:max-content}
.sp-count{font-size:12sp;color:var(--muted);padding:6dp 16dp;flex:none}
.sp-result{display:flex;flex-direction:row;align-items:flex-start;gap:12dp;padding:12dp 16dp;background:var(--card);border-bottom:1dp solid var(--divider);flex:none}
.sp-result-texts{display:flex;flex-direction:column;gap:4dp}
.sp-result-title{font-size:15sp;line-height:21sp;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.sp-price-row{display:flex;flex-direction:row;align-items:baseline;gap:8dp}
.sp-price-row.big{padding:14dp 16dp 4dp;background:var(--bg);flex:none}
.sp-tag{align-self:flex-start;border:1dp solid var(--sp-accent);color:var(--sp-accent);font-size:11sp;border-radius:4dp;padding:0 4dp}
.sp-photos{height:300dp;background:var(--sp-pic-bg);display:flex;align-items:center;justify-content:center;flex:none}
.sp-photos .sp-pic{background:transparent}
.sp-dots{position:absolute;left:0;right:0;bottom:10dp;display:flex;flex-direction:row;justify-content:center;gap:6dp}
.sp-dot{display:block;width:7dp;height:7dp;border-radius:4dp;background:rgba(0,0,0,.22)}
.sp-dot.on{background:var(--sp-accent)}
.sp-title{font-size:18sp;font-weight:500;line-height:25sp;padding:0 16dp 4dp;background:var(--bg);flex:none}
.sp-rate-row{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:4dp 16dp 12dp;background:var(--bg);flex:none}
.sp-rating{font-size:14sp;color:var(--sp-star)}
.sp-ship{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:12dp 16dp;margin-top:8dp;background:var(--bg);font-size:14sp;flex:none}
.sp-section{display:flex;flex-direction:column;gap:10dp;padding:12dp 16dp;margin-top:8dp;background:var(--bg);flex:none}
.sp-section.row{flex-direction:row;align-items:center}
.sp-section-title{font-size:15sp;font-weight:500}
.sp-variant{min-width:56dp;justify-content:center}
.sp-variant.selected{background:var(--sp-accent-soft);border-color:var(--sp-accent);color:var(--sp-accent)}
.sp-stepper{display:flex;flex-direction:row;align-items:center;border:1dp solid var(--divider);border-radius:18dp;height:36dp;flex:none}
.sp-step-btn .icon-btn{width:36dp;height:34dp;border-radius:17dp}
.sp-step-btn .icon-btn .icon-glyph{width:18dp;height:18dp}
.sp-step-btn .icon-btn[data-enabled="false"]{opacity:.35}
.sp-qty{min-width:32dp;text-align:center;font-size:15sp}
.sp-buybar{display:flex;flex-direction:row;gap:10dp;padding:10dp 12dp;background:var(--surface);border-top:1dp solid var(--divider);flex:none}
.sp-buy-btn{flex:1 1 0;height:48dp;border-radius:24dp;font-size:16sp}
.sp-buy-btn.btn-tonal{background:var(--sp-accent-soft);color:var(--sp-accent)}
.sp-cart-line{display:flex;flex-direction:row;align-items:center;gap:6dp;padding:12dp 4dp 12dp 8dp;background:var(--card);border-bottom:1dp solid var(--divider);flex:none}
.sp-check{padding-right:4dp;min-height:40dp}
.sp-check .cb-box{border-radius:10dp}
.checkbox.on.sp-check .cb-box{background:var(--sp-accent);border-color:var(--sp-accent)}
.sp-line-texts{display:flex;flex-direction:column;gap:4dp}
.sp-line-title{font-size:14sp;line-height:20sp;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.sp-variant-text{align-self:flex-start;font-size:12sp;color:var(--muted);background:var(--surface-hi);border-radius:4dp;padding:1dp 6dp}
.sp-line-foot{display:flex;flex-direction:row;align-items:center;gap:8dp}
.sp-cart-bar{display:flex;flex-direction:row;align-items:center;gap:10dp;height:72dp;padding:0 12dp;background:var(--surface);border-top:1dp solid var(--divider);flex:none}
.sp-cart-sum{display:flex;flex-direction:column;align-items:flex-end}
.sp-cart-total{font-size:16sp;font-weight:500}
.sp-bar-btn{height:48dp;border-radius:24dp;padding:0 24dp;font-size:16sp}
.sp-empty-action{position:absolute;left:0;right:0;top:62%;display:flex;flex-direction:row;justify-content:center}
.sp-checkout{background:var(--sp-bg)}
.sp-box{margin:8dp 12dp;border-radius:12dp;background:var(--card);padding:4dp 0;display:flex;flex-direction:column;flex:none}
.sp-addr{flex-direction:row;align-items:center;gap:12dp;padding:14dp 14dp}
.sp-addr-col{padding:12dp 14dp;gap:4dp}
.sp-addr-name{font-size:16sp;font-weight:500}
.sp-co-item{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:10dp 14dp}
.sp-co-right{display:flex;flex-direction:column;align-items:flex-end}
.sp-opt-row{display:flex;flex-direction:row;align-items:center;gap:10dp;min-height:52dp;padding:0 14dp}
.sp-note{padding:0 14dp 8dp}
.sp-sum-row{display:flex;flex-direction:row;align-items:center;min-height:40dp;padding:0 14dp}
.sp-sum-label{font-size:14sp}
.sp-sum-value{font-size:14sp;text-align:right}
.sp-sum-row.strong .sp-sum-value{color:var(--sp-accent);font-size:17sp;font-weight:600}
.sp-paid-body{display:flex;flex-direction:column;align-items:center;gap:12dp;padding:48dp 24dp;flex:none}
.sp-paid-icon{width:72dp;height:72dp;border-radius:36dp;background:var(--sp-ok);color:#ffffff;padding:16dp}
.sp-paid-title{font-size:22sp}
.sp-paid-actions{display:flex;flex-direction:row;gap:12dp;margin-top:24dp}
.sp-order{margin:8dp 12dp;border-radius:12dp;background:var(--card);padding:12dp 14dp;display:flex;flex-direction:column;gap:8dp;flex:none}
.sp-order-top,.sp-order-mid{display:flex;flex-direction:row;align-items:center;gap:12dp}
.sp-status{font-size:13sp;color:var(--sp-accent)}
.sp-status.delivered,.sp-status.cancelled{color:var(--muted)}
.sp-order-total{font-size:14sp;text-align:right}
.sp-status-banner{padding:20dp 16dp;background:var(--sp-accent);color:#ffffff;flex:none}
.sp-status-banner.delivered{background:var(--sp-ok)}
.sp-status-banner.cancelled{background:#6b6f78}
.dark .sp-status-banner{color:#1b1b1f}
.sp-status-big{font-size:22sp;font-weight:500}
.sp-status-sub{font-size:13sp;opacity:.9}
.sp-promo-layer{position:absolute;left:0;top:0;right:0;bottom:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:24dp}
.sp-promo-scrim{position:absolute;left:0;top:0;right:0;bottom:0;background:rgba(0,0,0,.58)}
.sp-promo-card{position:relative;width:300dp;border-radius:24dp;background:linear-gradient(180deg,#ff4d2e 0%,#ff8a3d 100%);padding:0 0 22dp;display:flex;flex-direction:column;align-items:center;overflow:hidden;flex:none}
.sp-promo-art{width:100%;height:150dp;display:flex;flex-direction:column;align-items:center;justify-content:center;background:radial-gradient(circle at 50% 45%,#ffe08a 0%,#ffb347 42%,rgba(255,179,71,0) 70%)}
.sp-promo-big{font-size:64sp;font-weight:800;color:#c4161c;line-height:72sp}
.sp-promo-sub{font-size:14sp;color:#7a1b00;letter-spacing:2dp}
.sp-promo-title{color:#ffffff;font-size:20sp;font-weight:600;text-align:center;padding:8dp 16dp 4dp}
.sp-promo-msg{color:#ffffff;font-size:14sp;text-align:center;padding:0 20dp 16dp}
.sp-promo-btn{background:#fff3c4;color:#c4161c;height:44dp;border-radius:22dp;padding:0 32dp;font-size:16sp}
.sp-promo-close{position:relative;display:flex;flex-direction:row;justify-content:center;flex:none}
.sp-promo-close .icon-btn{width:44dp;height:44dp;border-radius:22dp;border:2dp solid #ffffff;color:#ffffff}
`;
