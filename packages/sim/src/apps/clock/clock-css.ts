/** Clock's stylesheet (dp/sp units). */
export const CLOCK_CSS = `
.clock-app .list-pad{padding-bottom:140dp}
.clock-app .alarm-card{margin:8dp 12dp;padding:12dp 8dp 4dp 16dp;border-radius:24dp;background:var(--surface);flex:none}
.clock-app .alarm-head{display:flex;flex-direction:row;align-items:center;padding-right:8dp}
.clock-app .alarm-time{font-size:52sp;line-height:64sp;display:inline-block;align-self:flex-start}
.clock-app .alarm-time.off{color:var(--muted)}
.clock-app .alarm-label{font-size:14sp;color:var(--muted)}
.clock-app .alarm-foot{display:flex;flex-direction:row;align-items:center;min-height:48dp}
.clock-app .alarm-days{font-size:14sp;color:var(--muted)}
.clock-app .alarm-body{display:flex;flex-direction:column;padding-right:8dp}
.clock-app .alarm-row{display:flex;flex-direction:row;align-items:center;gap:12dp;min-height:48dp;font-size:16sp}
.clock-app .alarm-row.hint{color:var(--muted)}
.clock-app .day-row{display:flex;flex-direction:row;justify-content:space-between;padding:4dp 0 8dp}
.clock-app .day-btn{width:40dp;height:40dp;line-height:38dp;border-radius:20dp;border:1dp solid var(--outline);text-align:center;font-size:14sp;flex:none}
.clock-app .day-btn.on{background:var(--primary);border-color:var(--primary);color:var(--on-primary)}
.clock-app .delete{margin-left:-12dp}
.clock-app .main-clock{display:flex;flex-direction:column;align-items:center;padding:32dp 16dp 24dp;flex:none}
.clock-app .big-clock{font-size:64sp;line-height:80sp}
.clock-app .clock-date{font-size:16sp;color:var(--muted)}
.clock-app .next-alarm{font-size:14sp;color:var(--muted);margin-top:8dp}
.clock-app .city-row{display:flex;flex-direction:row;align-items:center;padding:12dp 24dp;min-height:72dp;flex:none}
.clock-app .city-name{font-size:18sp}
.clock-app .city-offset{font-size:13sp;color:var(--muted)}
.clock-app .city-time{font-size:32sp}
.city-search{padding:0 16dp 8dp;flex:none}
.clock-app .timer-setup{display:flex;flex-direction:column;align-items:center;padding-top:24dp}
.clock-app .timer-display{display:flex;flex-direction:row;gap:12dp;font-size:48sp;color:var(--muted);margin-bottom:24dp}
.clock-app .timer-unit.set{color:var(--primary)}
.clock-app .timer-suffix{font-size:20sp;margin-left:2dp}
.clock-app .keypad{display:flex;flex-direction:column;gap:12dp}
.clock-app .keypad-row{display:flex;flex-direction:row;gap:20dp}
.clock-app .keypad-btn{width:80dp;height:80dp;border-radius:40dp;background:var(--surface-hi);display:flex;align-items:center;justify-content:center;font-size:32sp;flex:none}
.clock-app .keypad-row .icon-btn{width:80dp;height:80dp;border-radius:40dp}
.clock-app .timer-run,.clock-app .stopwatch{display:flex;flex-direction:column;align-items:center;padding-top:64dp;gap:16dp}
.clock-app .timer-label{font-size:16sp;color:var(--muted)}
.clock-app .timer-big{font-size:64sp;line-height:80sp}
.clock-app .timer-big.expired{color:var(--error)}
.clock-app .timer-actions{display:flex;flex-direction:row;gap:16dp;margin-top:16dp}
.clock-app .laps{position:relative;flex:1 1 auto;width:100%;max-height:50%}
.clock-app .fab{bottom:24dp;right:50%;margin-right:-48dp;width:96dp;height:96dp;border-radius:28dp}
`;
