/** Calendar's stylesheet (dp/sp units). */
export const CALENDAR_CSS = `
.cal-app .month-nav{display:flex;flex-direction:row;align-items:center;padding:0 4dp;flex:none}
.cal-app .month-title{font-size:16sp;font-weight:500;text-align:center}
.cal-app .month-title.is-today{color:var(--primary)}
.cal-app .mweek-head{display:flex;flex-direction:row;flex:none;border-bottom:1dp solid var(--divider)}
.cal-app .mhead{flex:1 1 0;text-align:center;font-size:12sp;color:var(--muted);padding:4dp 0}
.cal-app .mgrid{display:flex;flex-direction:column}
.cal-app .mweek{display:flex;flex-direction:row;align-items:stretch;flex:1 1 0;min-height:0;border-bottom:1dp solid var(--divider)}
.cal-app .mday{flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:stretch;padding:4dp 2dp;gap:2dp;overflow:hidden}
.cal-app .mday.other{opacity:.45}
.cal-app .mday.sel{background:var(--surface-hi)}
.cal-app .mday-num{align-self:center;width:28dp;height:28dp;line-height:28dp;border-radius:14dp;text-align:center;font-size:13sp}
.cal-app .mday-num.today{background:var(--primary);color:var(--on-primary)}
.cal-app .mday-chip{font-size:10sp;line-height:16sp;padding:0 3dp;border-radius:4dp;background:var(--primary-soft);color:var(--on-primary-soft);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.cal-app .mday-chip.allday{background:#0b8043;color:#ffffff}
.cal-app .mday-more{font-size:10sp;color:var(--muted);text-align:center}
.cal-app .allday-row{display:flex;flex-direction:column;gap:4dp;padding:4dp 16dp 8dp 72dp;flex:none;border-bottom:1dp solid var(--divider)}
.cal-app .allday-chip{font-size:14sp;padding:4dp 8dp;border-radius:6dp;background:#0b8043;color:#ffffff}
.cal-app .timeline{position:relative}
.cal-app .hour-row{position:absolute;left:0;right:0;height:64dp;border-top:1dp solid var(--divider)}
.cal-app .hour-label{position:absolute;left:8dp;top:-9dp;width:56dp;font-size:11sp;color:var(--muted);background:var(--bg)}
.cal-app .event-block{position:absolute;border-radius:8dp;background:var(--primary);color:var(--on-primary);padding:4dp 8dp;overflow:hidden}
.cal-app .eb-title{font-size:14sp;font-weight:500}
.cal-app .eb-time{font-size:12sp}
.cal-app .sched-date{font-size:14sp;font-weight:500;color:var(--primary);padding:16dp 16dp 4dp;flex:none}
.cal-app .sched-item{margin:4dp 16dp;padding:10dp 14dp;border-radius:12dp;background:var(--primary-soft);color:var(--on-primary-soft);flex:none}
.cal-app .sched-title{font-size:16sp}
.cal-app .sched-when{font-size:13sp}
.cal-app .detail-title{font-size:26sp;padding:8dp 24dp 16dp 72dp;flex:none}
.cal-app .detail-row{display:flex;flex-direction:row;align-items:center;gap:26dp;padding:12dp 24dp;font-size:16sp;flex:none}
.cal-app .editor{position:relative}
.cal-app .edit-title{padding:0 16dp 8dp 72dp;border-bottom:1dp solid var(--divider);flex:none}
.cal-app .title-input{font-size:24sp;line-height:32sp}
.cal-app .edit-row{display:flex;flex-direction:row;align-items:center;min-height:56dp;padding:0 16dp 0 0;flex:none}
.cal-app .edit-icon{width:72dp;display:flex;align-items:center;justify-content:center;flex:none;color:var(--muted)}
.cal-app .edit-value{font-size:16sp;padding:14dp 0}
.cal-app .edit-value.time{padding-left:24dp}
.cal-app .edit-value.hint{color:var(--muted)}
.cal-app .save-btn{margin-right:12dp;height:36dp}
`;
