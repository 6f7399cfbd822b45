/** Bank's stylesheet (dp/sp units). */
export const BANK_CSS = `
.bank-app{background:var(--bg)}
.bank-app .bk-hello{font-size:22sp;padding:4dp 20dp 12dp;flex:none}
.bank-app .bk-card{display:flex;flex-direction:column;gap:4dp;margin:6dp 16dp;padding:16dp;border-radius:20dp;background:#0b5cad;color:#ffffff;flex:none}
.bank-app .bk-card.savings{background:#1b7f5b}
.bank-app .bk-card.credit{background:#3b3f4a}
.bank-app .bk-card-name{font-size:15sp;opacity:.9}
.bank-app .bk-card-number{font-size:13sp;opacity:.8;letter-spacing:1sp}
.bank-app .bk-balance{font-size:28sp;font-weight:600}
.bank-app .bk-sub{font-size:13sp;opacity:.85}
.bank-app .bk-actions{display:flex;flex-direction:row;justify-content:space-around;padding:12dp 8dp;flex:none}
.bank-app .bk-action{display:flex;flex-direction:column;align-items:center;gap:6dp;width:80dp;font-size:13sp}
.bank-app .bk-action-icon{width:48dp;height:48dp;border-radius:24dp;display:flex;align-items:center;justify-content:center;background:var(--primary-soft);color:var(--on-primary-soft)}
.bank-app .bk-row{display:flex;flex-direction:row;align-items:center;gap:14dp;min-height:64dp;padding:8dp 16dp;flex:none}
.bank-app .bk-row-texts{display:flex;flex-direction:column;gap:2dp;min-width:0}
.bank-app .bk-merchant{font-size:16sp;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.bank-app .bk-meta{font-size:13sp;color:var(--muted)}
.bank-app .bk-amount{font-size:16sp;font-weight:500;flex:none}
.bank-app .bk-amount.in{color:#188038}
.bank-app .bk-day{font-size:13sp;font-weight:500;color:var(--muted);padding:12dp 16dp 4dp;flex:none}
.bank-app .bk-chips{display:flex;flex-direction:row;gap:8dp;padding:0 16dp 8dp;width:max-content}
.bank-app .bk-search{display:flex;flex-direction:row;align-items:center;gap:8dp;margin:4dp 16dp 8dp;padding:0 12dp;height:48dp;border-radius:24dp;background:var(--surface-hi);flex:none}
.bank-app .bk-search .edit{flex:1 1 auto;min-height:0;padding:0}
.bank-app .bk-field{display:flex;flex-direction:column;gap:6dp;padding:12dp 16dp 4dp;flex:none}
.bank-app .bk-label{font-size:13sp;color:var(--muted)}
.bank-app .bk-value{font-size:16sp;padding:12dp 14dp;border:1dp solid var(--outline);border-radius:8dp}
.bank-app .bk-error{color:var(--error);font-size:14sp;padding:8dp 16dp;flex:none}
.bank-app .bk-big{font-size:34sp;font-weight:600;text-align:center;padding:24dp 16dp 8dp;flex:none}
.bank-app .bk-center{text-align:center;color:var(--muted);font-size:15sp;padding:0 24dp;flex:none}
.bank-app .bk-pad{padding:16dp;flex:none;display:flex;flex-direction:column;gap:8dp}
.bank-app .bk-lock{display:flex;flex-direction:column;align-items:center;gap:16dp;padding:48dp 24dp 0}
.bank-app .bk-dots{display:flex;flex-direction:row;gap:16dp}
.bank-app .bk-dot{width:16dp;height:16dp;border-radius:8dp;border:2dp solid var(--primary)}
.bank-app .bk-dot.on{background:var(--primary)}
.bank-app .bk-keys{display:grid;grid-template-columns:repeat(3,80dp);gap:12dp;justify-content:center}
.bank-app .bk-key{height:64dp;border-radius:32dp;display:flex;align-items:center;justify-content:center;font-size:26sp;background:var(--surface-hi)}
`;
