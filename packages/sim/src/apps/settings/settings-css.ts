/** Settings' stylesheet (dp/sp units). */
export const SETTINGS_CSS = `
.settings-home-title{font-size:36sp;text-align:center;padding:48dp 16dp 24dp;flex:none}
.settings-search{display:flex;flex-direction:row;align-items:center;gap:16dp;margin:0 16dp 16dp;height:56dp;border-radius:28dp;background:var(--surface-hi);padding:0 20dp;flex:none}
.ss-icon{width:0;height:0}
.ss-text{font-size:16sp;color:var(--muted)}
.settings-search-field{padding:0 16dp 8dp;flex:none}
.app-header{display:flex;flex-direction:column;align-items:center;gap:8dp;padding:24dp 16dp;flex:none}
.app-header-title{font-size:24sp}
.app-header-title.center{text-align:center;padding:24dp 16dp 8dp}
.app-buttons{display:flex;flex-direction:row;justify-content:center;gap:16dp;padding:8dp 16dp 16dp;flex:none}
.battery-level{font-size:22sp;padding:16dp 24dp;flex:none}
`;
