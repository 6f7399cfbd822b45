/** Maps' stylesheet (dp/sp units). */
export const MAPS_CSS = `
.maps-app .mp-map{position:absolute;inset:0;overflow:hidden;background:#e8e4da}
.maps-app .mp-map.satellite{background:#3c4734}
.maps-app .mp-layer{position:absolute;display:block;pointer-events:none}
.maps-app .mp-layer svg{display:block;width:100%;height:100%}
.maps-app .mp-street{position:absolute;transform:translate(-50%,-50%);font-size:11sp;color:#5f6368;white-space:nowrap;pointer-events:none;text-shadow:0 0 3dp #ffffff,0 0 3dp #ffffff}
.maps-app .mp-street.v{transform:translate(-50%,-50%) rotate(90deg)}
.maps-app .mp-map.satellite .mp-street{color:#ffffff;text-shadow:0 0 3dp #000000}
.maps-app .mp-poi{position:absolute;width:22dp;height:22dp;margin:-11dp 0 0 -11dp;border-radius:11dp;background:#ffffff;color:#5f6368;box-shadow:0 1dp 3dp rgba(0,0,0,.35);display:flex;align-items:center;justify-content:center}
.maps-app .mp-poi .mp-pin-glyph{width:14dp;height:14dp;display:block}
.maps-app .mp-poi.selected{background:#ea4335;color:#ffffff}
.maps-app .mp-pin-label{position:absolute;left:26dp;top:50%;transform:translateY(-50%);font-size:12sp;color:#3c4043;white-space:nowrap;text-shadow:0 0 3dp #ffffff,0 0 3dp #ffffff;pointer-events:none}
.maps-app .mp-map.satellite .mp-pin-label{color:#ffffff;text-shadow:0 0 3dp #000000}
.maps-app .mp-pin{position:absolute;width:34dp;height:34dp;margin:-32dp 0 0 -17dp;color:#ea4335}
.maps-app .mp-pin .mp-pin-glyph{width:34dp;height:34dp;display:block;fill:#ea4335;stroke:#a50e0e}
.maps-app .mp-pin .mp-pin-label{left:34dp;top:14dp;font-weight:600}
.maps-app .mp-pin.selected .mp-pin-glyph{fill:#1a73e8;stroke:#0b3d91}
.maps-app .mp-here{position:absolute;width:18dp;height:18dp;margin:-9dp 0 0 -9dp;border-radius:9dp;background:#1a73e8;border:3dp solid #ffffff;box-shadow:0 0 0 8dp rgba(26,115,232,.22)}
.maps-app .mp-top{position:absolute;left:0;right:0;top:0;display:flex;flex-direction:column;gap:8dp;padding:8dp 0 0}
.maps-app .mp-searchbar{display:flex;flex-direction:row;align-items:center;gap:4dp;height:52dp;margin:0 12dp;padding:0 4dp 0 12dp;border-radius:26dp;background:var(--surface);box-shadow:0 1dp 4dp rgba(0,0,0,.3)}
.maps-app .mp-sb-icon{display:flex;color:var(--muted);padding-right:8dp}
.maps-app .mp-sb-text{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.maps-app .mp-sb-text.hint{color:var(--muted)}
.maps-app .mp-chips-scroll{flex:none}
.maps-app .mp-chips{display:flex;flex-direction:row;gap:8dp;padding:0 12dp 4dp;width:max-content}
.maps-app .mp-top .chip{background:var(--surface);border-color:transparent;box-shadow:0 1dp 3dp rgba(0,0,0,.25)}
.maps-app .mp-top .chip.selected{background:var(--primary-soft)}
.maps-app .mp-controls{position:absolute;right:12dp;bottom:16dp;display:flex;flex-direction:column;gap:8dp}
.maps-app .mp-controls.raised{bottom:calc(55% + 12dp)}
.maps-app .mp-controls .icon-btn{background:var(--surface);border-radius:24dp;box-shadow:0 1dp 4dp rgba(0,0,0,.3)}
.maps-app .mp-card{position:absolute;left:8dp;right:8dp;bottom:8dp;display:flex;flex-direction:column;gap:4dp;padding:14dp 16dp;border-radius:16dp;background:var(--surface);box-shadow:0 2dp 8dp rgba(0,0,0,.3)}
.maps-app .mp-card-title{font-size:20sp;font-weight:500}
.maps-app .mp-actions{display:flex;flex-direction:row;gap:8dp;padding-top:8dp;flex-wrap:wrap}
.maps-app .mp-sheet{position:absolute;left:0;right:0;bottom:0;height:55%;display:flex;flex-direction:column;background:var(--surface);border-radius:20dp 20dp 0 0;box-shadow:0 -2dp 8dp rgba(0,0,0,.25)}
.maps-app .mp-sheet-head{display:flex;flex-direction:row;align-items:center;padding:8dp 8dp 0 16dp;flex:none}
.maps-app .mp-sheet-title{font-size:16sp;font-weight:500}
.maps-app .mp-float{position:absolute;left:0;right:0;bottom:16dp;display:flex;flex-direction:row;justify-content:center}
.maps-app .mp-row{display:flex;flex-direction:row;align-items:center;gap:14dp;min-height:76dp;padding:6dp 4dp 6dp 16dp;flex:none}
.maps-app .mp-row-icon{width:40dp;height:40dp;border-radius:20dp;flex:none;display:flex;align-items:center;justify-content:center;background:var(--surface-hi);color:var(--primary)}
.maps-app .mp-texts{display:flex;flex-direction:column;gap:2dp;min-width:0}
.maps-app .mp-title{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.maps-app .mp-sub{font-size:13sp;color:var(--muted)}
.maps-app .mp-open{color:#188038}
.maps-app .mp-closed{color:var(--error)}
.maps-app .mp-note{color:#b06000}
.maps-app .mp-search-head{display:flex;flex-direction:row;align-items:center;gap:4dp;padding:4dp 8dp;flex:none;border-bottom:1dp solid var(--divider)}
.maps-app .mp-place-head{display:flex;flex-direction:column;gap:4dp;padding:4dp 16dp 12dp}
.maps-app .mp-place-title{font-size:24sp}
.maps-app .mp-overall{font-size:15sp;padding:0 16dp 8dp}
.maps-app .mp-rate{display:flex;flex-direction:column;gap:4dp;padding:8dp 16dp}
.maps-app .mp-stars{display:flex;flex-direction:row;align-items:center;gap:2dp;color:#f4b400}
.maps-app .mp-stars.big .icon-btn{width:44dp;height:44dp}
.maps-app .mp-review{display:flex;flex-direction:column;gap:4dp;padding:10dp 16dp;border-top:1dp solid var(--divider)}
.maps-app .mp-review.mine{background:var(--surface-hi)}
.maps-app .mp-review-author{font-size:15sp;font-weight:500}
.maps-app .mp-review-text{font-size:14sp}
.maps-app .mp-form{display:flex;flex-direction:column;gap:16dp;padding:16dp}
.maps-app .mp-form .edit.multi{min-height:160dp}
.maps-app .mp-check-row{display:flex;flex-direction:row;align-items:center;min-height:44dp}
.maps-app .mp-endpoints{display:flex;flex-direction:row;align-items:center;gap:4dp;padding:0 8dp 8dp 16dp;flex:none}
.maps-app .mp-endpoint-col{display:flex;flex-direction:column;gap:8dp}
.maps-app .mp-endpoint{height:44dp;line-height:44dp;padding:0 12dp;border:1dp solid var(--outline);border-radius:8dp;font-size:15sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.maps-app .mp-modes{display:flex;flex-direction:row;justify-content:space-between;gap:4dp;padding:4dp 12dp 8dp;flex:none;border-bottom:1dp solid var(--divider)}
.maps-app .mp-mode{display:flex;flex-direction:row;align-items:center;gap:6dp;height:36dp;padding:0 10dp;border-radius:18dp;color:var(--muted)}
.maps-app .mp-mode.selected{background:var(--primary-soft);color:var(--on-primary-soft)}
.maps-app .mp-mode-time{font-size:13sp;white-space:nowrap}
.maps-app .mp-preview{position:relative;height:180dp;flex:none;overflow:hidden}
.maps-app .mp-route{display:flex;flex-direction:column;gap:2dp;padding:10dp 16dp;border-left:4dp solid transparent;flex:none}
.maps-app .mp-route.selected{border-left-color:var(--primary);background:var(--surface-hi)}
.maps-app .mp-row-line{display:flex;flex-direction:row;align-items:baseline;gap:10dp}
.maps-app .mp-route-time{font-size:20sp;font-weight:500;color:#188038}
.maps-app .mp-start-bar{display:flex;flex-direction:row;align-items:center;gap:12dp;padding:10dp 16dp;flex:none;border-top:1dp solid var(--divider);background:var(--surface)}
.maps-app .mp-missing{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16dp;padding:24dp;color:var(--muted)}
.maps-app .mp-missing-text{font-size:16sp;text-align:center}
.maps-app .mp-pick-field{padding:0 16dp 8dp;flex:none}
.maps-app .mp-banner{display:flex;flex-direction:row;align-items:center;gap:14dp;padding:14dp 16dp;background:#0b8043;color:#ffffff;flex:none}
.maps-app .mp-banner.arrived{background:#1a73e8}
.maps-app .mp-banner-text{font-size:20sp;font-weight:500}
.maps-app .mp-banner-sub{font-size:15sp;opacity:.85}
.maps-app .mp-nav-map{position:relative;height:220dp;flex:none;overflow:hidden}
.maps-app .mp-step-done{opacity:.5}
.maps-app .mp-step-now{background:var(--primary-soft)}
`;
