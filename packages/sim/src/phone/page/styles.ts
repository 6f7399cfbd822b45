/**
 * The phone's base stylesheet (Material-like light and dark themes). Sizes are in dp/sp and
 * converted for the density at boot. No transitions or animations: two screenshots of the
 * same state must be identical.
 */
import { css } from './dp.ts';

const BASE = `
*{box-sizing:border-box;margin:0;padding:0;user-select:none;-webkit-user-select:none;-webkit-tap-highlight-color:transparent;animation:none!important;transition:none!important}
html,body{margin:0;overflow:hidden;background:#000}
.screen{position:relative;overflow:hidden;background:var(--bg);color:var(--fg);font-family:Roboto,"Liberation Sans","Noto Sans CJK SC","DejaVu Sans",sans-serif;font-size:14sp;line-height:1.35;-webkit-font-smoothing:antialiased}
.screen[lang="zh-CN"]{font-family:"Noto Sans CJK SC",Roboto,"Liberation Sans",sans-serif}
.light{--bg:#fdfcff;--surface:#f1f3f9;--surface-hi:#e6e8f0;--card:#ffffff;--fg:#1b1b1f;--muted:#5d5f67;--primary:#1a64d6;--on-primary:#ffffff;--primary-soft:#d6e3ff;--on-primary-soft:#0b1d48;--tertiary-soft:#ffd8e4;--on-tertiary-soft:#31111d;--divider:#e0e2ea;--outline:#74777f;--scrim:rgba(0,0,0,.40);--dialog:#eef0f7;--error:#b3261e;--switch-off:#e1e2ec;--kb-bg:#e4e7ec;--kb-key:#ffffff;--kb-fn:#c9ced8;--nav-bg:#f1f3f9;--nav-fg:#3c3f44;--accent:#c2185b}
.dark{--bg:#121316;--surface:#1d1f24;--surface-hi:#2a2c33;--card:#23252a;--fg:#e4e2e6;--muted:#a9abb4;--primary:#a9c7ff;--on-primary:#062e6f;--primary-soft:#1f438a;--on-primary-soft:#d6e3ff;--tertiary-soft:#633b48;--on-tertiary-soft:#ffd8e4;--divider:#33353c;--outline:#8e9099;--scrim:rgba(0,0,0,.60);--dialog:#2b2d33;--error:#f2b8b5;--switch-off:#44464f;--kb-bg:#1f2023;--kb-key:#3b3e43;--kb-fn:#2c2e32;--nav-bg:#000000;--nav-fg:#e0e0e0;--accent:#f48fb1}
.a-fl,.a-v{position:relative;display:block;min-width:0}
.a-ll{position:relative;display:flex;flex-direction:column;min-width:0}
.a-row{flex-direction:row;align-items:center}
.a-tv{display:block;white-space:pre-wrap;overflow-wrap:anywhere}
.a-iv{display:flex;align-items:center;justify-content:center;flex:none}
.a-iv svg,.icon-glyph svg,.sb-icon svg,.nav-glyph svg,.kb-icon svg,.app-icon-glyph svg{display:block;width:100%;height:100%}
.a-sv{position:relative;overflow:hidden}
.a-hsv{position:relative;overflow:hidden}
.grow{flex:1 1 auto;min-width:0;min-height:0}
.fill{position:absolute;left:0;top:0;right:0;bottom:0}
.muted{color:var(--muted)}
.window{position:absolute;left:0;top:0;width:100%;height:100%;background:var(--bg)}
.wallpaper{background:linear-gradient(165deg,#27457e 0%,#5b4b8f 50%,#b06f6a 100%)}
.content{position:absolute;left:0;right:0;overflow:hidden}
.body{position:relative;flex:1 1 auto;min-height:0}
.toolbar{display:flex;flex-direction:row;align-items:center;height:64dp;padding:0 4dp;flex:none;background:var(--bg)}
.toolbar-titles{flex:1 1 auto;min-width:0;padding:0 12dp}
.toolbar>.toolbar-titles:first-child{padding-left:16dp}
.toolbar-title{font-size:22sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.toolbar-subtitle{font-size:14sp;color:var(--muted);white-space:nowrap}
.toolbar-actions{display:flex;flex-direction:row;flex:none}
.icon-btn{width:48dp;height:48dp;display:flex;align-items:center;justify-content:center;color:var(--fg);flex:none;border-radius:24dp}
.icon-btn .icon-glyph{width:24dp;height:24dp;display:block}
.large-title{font-size:36sp;padding:16dp 24dp 24dp;flex:none}
.list-pad{padding-bottom:96dp}
.list-item{display:flex;flex-direction:row;align-items:center;min-height:56dp;padding:8dp 16dp;gap:16dp;flex:none}
.list-item.two-line{min-height:72dp}
.list-icon{width:40dp;color:var(--muted);display:flex;align-items:center;justify-content:center;flex:none}
.list-texts{flex:1 1 auto;min-width:0;display:block}
.list-title{font-size:16sp;line-height:24sp}
.list-summary{font-size:14sp;line-height:20sp;color:var(--muted)}
.list-trailing{flex:none;display:flex;flex-direction:row;align-items:center;color:var(--muted)}
.disabled{opacity:.38}
.a-sw{position:relative;display:block;width:52dp;height:32dp;flex:none}
.sw-track{position:absolute;left:0;top:0;width:52dp;height:32dp;border-radius:16dp;background:var(--switch-off);border:2dp solid var(--outline)}
.sw-thumb{position:absolute;left:6dp;top:6dp;width:16dp;height:16dp;border-radius:8dp;background:var(--outline)}
.a-sw.on .sw-track{background:var(--primary);border-color:var(--primary)}
.a-sw.on .sw-thumb{left:22dp;top:2dp;width:24dp;height:24dp;border-radius:12dp;background:var(--on-primary)}
.checkbox{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:48dp;align-self:flex-start;padding-right:12dp}
.cb-box{display:block;width:20dp;height:20dp;border:2dp solid var(--muted);border-radius:3dp;color:var(--on-primary);flex:none}
.checkbox.on .cb-box{background:var(--primary);border-color:var(--primary)}
.cb-text{font-size:16sp}
.radio{display:flex;flex-direction:row;align-items:center;gap:20dp;min-height:52dp;padding:0 24dp}
.rb-circle{width:20dp;height:20dp;border:2dp solid var(--muted);border-radius:10dp;display:flex;align-items:center;justify-content:center;flex:none}
.radio.on .rb-circle{border-color:var(--primary)}
.rb-dot{width:10dp;height:10dp;border-radius:5dp}
.radio.on .rb-dot{background:var(--primary)}
.rb-text{font-size:16sp}
.btn{display:inline-flex;align-items:center;justify-content:center;height:40dp;padding:0 24dp;border-radius:20dp;font-size:14sp;font-weight:500;flex:none;white-space:nowrap}
.btn-filled{background:var(--primary);color:var(--on-primary)}
.btn-tonal{background:var(--primary-soft);color:var(--on-primary-soft)}
.btn-text{color:var(--primary);padding:0 12dp}
.btn-outlined{border:1dp solid var(--outline);color:var(--primary)}
.btn[data-enabled="false"]{opacity:.38}
.fab{position:absolute;right:16dp;bottom:16dp;width:56dp;height:56dp;border-radius:16dp;background:var(--primary-soft);color:var(--on-primary-soft);display:flex;flex-direction:row;align-items:center;justify-content:center;gap:12dp;box-shadow:0 2dp 6dp rgba(0,0,0,.28)}
.fab .icon-glyph{width:24dp;height:24dp;display:block}
.fab-ext{width:auto;padding:0 20dp}
.fab-text{font-size:14sp;font-weight:500}
.divider{height:1dp;background:var(--divider);flex:none}
.section-header{font-size:14sp;font-weight:500;color:var(--primary);padding:16dp 16dp 8dp;flex:none}
.edit{position:relative;display:block;min-height:56dp;padding:15dp 16dp;font-size:16sp;line-height:24sp;white-space:pre;overflow:hidden;flex:none}
.edit.multi{white-space:pre-wrap;overflow-wrap:anywhere}
.edit.outlined{border:1dp solid var(--outline);border-radius:4dp}
.edit.outlined.focused{border:2dp solid var(--primary);padding:14dp 15dp}
.edit.underline{border-bottom:1dp solid var(--outline);padding:12dp 0 11dp;min-height:48dp}
.edit.underline.focused{border-bottom:2dp solid var(--primary);padding-bottom:10dp}
.edit.plain{border:none;padding:12dp 0;min-height:48dp}
.et-hint{color:var(--muted)}
.caret{display:inline-block;width:2dp;height:24sp;vertical-align:top;background:var(--primary);margin-right:-2dp}
.et-sel{background:var(--primary-soft)}
.dialog-layer{position:absolute;left:0;right:0;display:flex;align-items:center;justify-content:center}
.dialog-layer.sheet{align-items:flex-end}
.scrim{position:fixed;left:0;top:0;right:0;bottom:0;background:var(--scrim)}
.dialog-window{position:relative;display:block;max-height:100%}
.edit.focused{anchor-name:--focused-field}
.slider{position:relative;height:40dp;display:flex;align-items:center}
.slider-track{position:relative;display:block;width:100%;height:4dp;border-radius:2dp;background:var(--switch-off)}
.slider-fill{position:absolute;left:0;top:0;bottom:0;border-radius:2dp;background:var(--primary)}
.slider-thumb{position:absolute;top:50%;width:20dp;height:20dp;margin:-10dp 0 0 -10dp;border-radius:10dp;background:var(--primary)}
.slider[data-enabled="false"] .slider-fill,.slider[data-enabled="false"] .slider-thumb{background:var(--outline)}
.text-menu{position:absolute;position-anchor:--focused-field;bottom:anchor(top);left:anchor(left);margin-bottom:6dp;position-try-fallbacks:flip-block;border-radius:8dp;background:var(--card);box-shadow:0 2dp 8dp rgba(0,0,0,.3)}
.text-menu-row{display:flex;flex-direction:row}
.text-menu-item{height:48dp;padding:0 16dp;display:flex;align-items:center;font-size:14sp;font-weight:500;color:var(--fg)}
.dialog{position:relative;display:flex;flex-direction:column;width:328dp;max-height:100%;background:var(--dialog);border-radius:28dp;padding-top:24dp}
.sheet .dialog{width:100vw;border-radius:28dp 28dp 0 0}
.dialog-top{padding:0 24dp 16dp;flex:none}
.dialog-title{font-size:24sp;line-height:32sp}
.dialog-content{position:relative;padding:0 24dp;flex:1 1 auto;min-height:0;overflow:hidden}
.dialog-message{font-size:14sp;line-height:20sp;color:var(--muted)}
.dialog-buttons{display:flex;flex-direction:row;align-items:center;gap:8dp;padding:20dp 16dp 20dp 24dp;flex:none}
.dialog-btn{padding:0 12dp}
.dialog-list{margin:0 -24dp}
.tp{display:flex;flex-direction:column;align-items:center}
.tp-title{align-self:flex-start;font-size:12sp;color:var(--muted);margin-bottom:20dp}
.tp-header{display:flex;flex-direction:row;align-items:center;margin-bottom:24dp}
.tp-big{width:96dp;height:80dp;line-height:80dp;font-size:54sp;text-align:center;border-radius:8dp;background:var(--surface-hi)}
.tp-big.active{background:var(--primary-soft);color:var(--on-primary-soft)}
.tp-sep{width:24dp;font-size:54sp;line-height:80dp;text-align:center}
.tp-sep.small{font-size:40sp;line-height:64dp}
.tp-ampm{margin-left:12dp;border:1dp solid var(--outline);border-radius:8dp;overflow:hidden;width:52dp;height:80dp}
.tp-ap{height:39dp;line-height:39dp;text-align:center;font-size:14sp}
.tp-ap.on{background:var(--tertiary-soft);color:var(--on-tertiary-soft)}
.dial{position:relative;width:256dp;height:256dp;border-radius:128dp;background:var(--surface-hi);flex:none;margin-bottom:4dp}
.dial-num{position:absolute;width:44dp;height:44dp;line-height:44dp;text-align:center;border-radius:22dp;font-size:16sp}
.dial-num.inner{font-size:13sp}
.dial-num.sel{background:var(--primary);color:var(--on-primary)}
.dial-center{position:absolute;left:124dp;top:124dp;width:8dp;height:8dp;border-radius:4dp;background:var(--primary)}
.dial-hand{position:absolute;left:127dp;bottom:128dp;width:2dp;background:var(--primary);transform-origin:50% 100%}
.tp-inputs{display:flex;flex-direction:column;align-items:center}
.tp-input-row{display:flex;flex-direction:row;align-items:flex-start}
.tp-input-col{display:flex;flex-direction:column;align-items:flex-start}
.tp-input{width:96dp;height:72dp;font-size:40sp;line-height:40sp;text-align:center;padding:14dp 8dp}
.tp-input-label{font-size:12sp;color:var(--muted);margin-top:4dp}
.tp-error{color:var(--error);font-size:12sp;margin-top:8dp}
.dp{display:flex;flex-direction:column}
.dp-header{padding-bottom:12dp;margin-bottom:8dp;border-bottom:1dp solid var(--divider)}
.dp-year{font-size:14sp;color:var(--muted)}
.dp-date{font-size:30sp}
.dp-nav{display:flex;flex-direction:row;align-items:center}
.dp-month{flex:1 1 auto;text-align:center;font-size:14sp;font-weight:500}
.dp-week{display:flex;flex-direction:row}
.dp-wd{flex:1 1 0;text-align:center;font-size:12sp;color:var(--muted);height:32dp;line-height:32dp}
.dp-grid{display:grid;grid-template-columns:repeat(7,1fr)}
.dp-cell{height:40dp;line-height:40dp;text-align:center;border-radius:20dp;font-size:14sp}
.dp-cell.sel{background:var(--primary);color:var(--on-primary)}
.tabs-bottom{flex:none;height:80dp;background:var(--surface)}
.tabs-row{display:flex;flex-direction:row;height:100%}
.tabs-bottom .tab{flex:1 1 0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4dp}
.tab-icon{position:relative;width:64dp;height:32dp;display:flex;align-items:center;justify-content:center}
.tab-pill{position:absolute;left:0;top:0;width:64dp;height:32dp;border-radius:16dp}
.tab.selected .tab-pill{background:var(--primary-soft)}
.tab-icon .icon-glyph{position:relative;width:24dp;height:24dp;display:block}
.tab-label{font-size:12sp;font-weight:500;white-space:nowrap}
.tabs-top{flex:none;height:48dp;border-bottom:1dp solid var(--divider)}
.tabs-top .tab{flex:1 1 0;display:flex;flex-direction:row;align-items:center;justify-content:center;font-size:14sp}
.tabs-top .tab.selected{color:var(--primary);box-shadow:inset 0 -3dp 0 var(--primary)}
.chip{display:inline-flex;align-items:center;height:32dp;padding:0 16dp;border:1dp solid var(--outline);border-radius:8dp;font-size:14sp;flex:none;white-space:nowrap}
.chip.selected{background:var(--primary-soft);border-color:var(--primary-soft)}
.empty-state{position:absolute;left:0;top:0;right:0;bottom:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16dp;color:var(--muted)}
.empty-text{font-size:16sp;text-align:center;padding:0 32dp}
.statusbar{position:absolute;left:0;top:0;right:0;display:flex;flex-direction:row;align-items:center;padding:0 16dp;gap:4dp;font-size:14sp;color:var(--fg)}
.sb-surface{background:var(--bg)}
.sb-primary{background:var(--primary);color:var(--on-primary)}
.sb-transparent{background:transparent;color:#ffffff}
.sb-time{font-weight:500}
.sb-icon{display:block;width:16dp;height:16dp}
.sb-batt{font-size:13sp;margin-left:2dp}
.navbar{position:absolute;left:0;right:0;bottom:0;display:flex;flex-direction:row;justify-content:space-around;align-items:center;background:var(--nav-bg);color:var(--nav-fg)}
.nav-btn{width:96dp;height:100%;display:flex;align-items:center;justify-content:center}
.nav-glyph{display:block;width:20dp;height:20dp}
.ime-window{position:absolute;left:0;right:0;background:var(--kb-bg)}
.kb{position:absolute;left:0;top:0;right:0;bottom:0}
.kb-strip{height:42dp}
.kb-rows{display:flex;flex-direction:column;padding:0 3dp}
.kb-row{display:flex;flex-direction:row;align-items:stretch;height:53dp}
.kb-key{position:relative;display:block;margin:4dp 3dp}
.kb-cap{position:absolute;left:0;top:0;right:0;bottom:0;background:var(--kb-key);border-radius:6dp;display:flex;align-items:center;justify-content:center;font-size:22sp;color:var(--fg)}
.kb-key.fn .kb-cap{background:var(--kb-fn);font-size:15sp}
.kb-key.action .kb-cap{background:var(--primary);color:var(--on-primary)}
.kb-key.space .kb-cap{font-size:14sp;color:var(--muted)}
.kb-icon{display:block;width:22dp;height:22dp}
.adbkb{position:absolute;left:0;top:0;right:0;bottom:0;display:flex;align-items:center;justify-content:center}
.adbkb-text{font-size:14sp;color:var(--muted)}
.toast{position:absolute;left:50%;transform:translateX(-50%);max-width:320dp;background:#303033;color:#ffffff;border-radius:20dp;padding:10dp 18dp;font-size:14sp;white-space:nowrap}
.recents-window{background:#26262b}
.recents-scroll{position:absolute;left:0;right:0;top:120dp;bottom:120dp}
.recents-row{display:flex;flex-direction:row;gap:24dp;padding:0 48dp;height:100%;width:max-content}
.task-card{display:flex;flex-direction:column;width:300dp;height:100%;flex:none}
.task-header{display:flex;flex-direction:row;align-items:center;gap:10dp;height:52dp;color:#ffffff}
.task-title{font-size:16sp}
.task-snapshot{flex:1 1 auto;background:var(--bg);border-radius:20dp;display:flex;align-items:center;justify-content:center}
.task-snapshot-label{font-size:22sp;color:var(--muted)}
.clear-all{position:absolute;left:50%;transform:translateX(-50%);bottom:40dp}
.recents-empty{position:absolute;left:0;right:0;top:45%;text-align:center;color:#dddddd;font-size:16sp}
.app-icon{display:flex;align-items:center;justify-content:center;border-radius:50%;flex:none}
.app-icon-glyph{display:block;width:56%;height:56%}
`;

let built: string | undefined;

export function baseCss(): string {
  built ??= css(BASE);
  return built;
}
