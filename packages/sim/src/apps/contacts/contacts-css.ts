/** Contacts' stylesheet (dp/sp units). */
import { AVATAR_CSS } from './avatar.ts';

export const CONTACTS_CSS = `${AVATAR_CSS}
.contacts-app .list-pad{padding-bottom:104dp}
.contacts-app .people-search{display:flex;flex-direction:row;align-items:center;gap:12dp;margin:0 16dp 8dp;height:52dp;border-radius:26dp;background:var(--surface-hi);padding:0 8dp 0 16dp;flex:none;color:var(--muted)}
.contacts-app .people-search .edit{min-height:0;padding:0;line-height:52dp;height:52dp;flex:1 1 auto}
.contacts-app .people-count{font-size:13sp;color:var(--muted);padding:4dp 20dp;flex:none}
.contacts-app .letter-header{font-size:14sp;font-weight:500;color:var(--primary);padding:12dp 24dp 4dp;flex:none}
.contacts-app .contact-row{display:flex;flex-direction:row;align-items:center;gap:16dp;min-height:64dp;padding:8dp 24dp;flex:none}
.contacts-app .contact-name{font-size:16sp}
.contacts-app .contact-sub{font-size:13sp;color:var(--muted)}
.contacts-app .qc-hero{display:flex;flex-direction:column;align-items:center;gap:12dp;padding:16dp 16dp 20dp;flex:none}
.contacts-app .qc-name{font-size:28sp;text-align:center}
.contacts-app .qc-company{font-size:14sp;color:var(--muted)}
.contacts-app .qc-actions{display:flex;flex-direction:row;justify-content:center;gap:24dp;padding:0 16dp 16dp;flex:none}
.contacts-app .qc-action{display:flex;flex-direction:column;align-items:center;gap:6dp;font-size:13sp;color:var(--primary)}
.contacts-app .qc-action-icon{width:56dp;height:40dp;border-radius:20dp;background:var(--primary-soft);color:var(--on-primary-soft);display:flex;align-items:center;justify-content:center}
.contacts-app .qc-action-icon .icon-glyph{width:22dp;height:22dp;display:block}
.contacts-app .qc-card{margin:8dp 16dp;padding:8dp 0;border-radius:20dp;background:var(--surface);display:flex;flex-direction:column;flex:none}
.contacts-app .qc-card-title{font-size:16sp;font-weight:500;padding:8dp 20dp 4dp}
.contacts-app .qc-row{display:flex;flex-direction:row;align-items:center;gap:20dp;min-height:64dp;padding:4dp 8dp 4dp 20dp}
.contacts-app .qc-row-icon{color:var(--muted)}
.contacts-app .qc-header{font-size:16sp}
.contacts-app .qc-sub{font-size:13sp;color:var(--muted)}
.contacts-app .editor-rows{display:flex;flex-direction:column;gap:12dp;padding:8dp 16dp 24dp 0}
.contacts-app .editor-hero{display:flex;justify-content:center;padding:8dp 0 16dp;flex:none}
.contacts-app .editor-row{display:flex;flex-direction:row;align-items:center;flex:none}
.contacts-app .editor-icon{width:64dp;display:flex;justify-content:center;color:var(--muted);flex:none}
.contacts-app .editor-row.indent{padding-left:64dp}
.contacts-app .editor-row .edit{flex:1 1 auto}
.contacts-app .save-btn{margin-right:12dp;height:36dp}
`;
