import { z } from 'zod';
import { defineMethod } from './define.ts';
import { KeyStatus, MODEL_ROLES, Settings, SettingsPatch, SettingsSection } from '../schemas/settings.ts';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'electron' for the desktop app, 'web' for `moba serve`. */
  host: z.enum(['electron', 'web']),
  dataDir: z.string(),
  databasePath: z.string(),
  platform: z.string(),
  nodeVersion: z.string(),
  startedAt: z.number(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const SettingsView = z.object({
  settings: Settings,
  keys: z.array(KeyStatus),
  /** Whether keys can be stored encrypted (desktop app) or only read from the environment. */
  canStoreKeys: z.boolean(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const appMethods = {
  getAppInfo: defineMethod({
    summary: 'Name, version, host kind and data folder of the running app.',
    input: z.object({}).strict(),
    output: AppInfo,
  }),
  ping: defineMethod({
    summary: 'Round trip check; echoes the value.',
    input: z.object({ value: z.string().max(1_000).optional() }).strict(),
    output: z.object({ value: z.string().optional(), now: z.number() }),
  }),
  getSettings: defineMethod({
    summary: 'All settings, with where each model key comes from (never the key itself).',
    input: z.object({}).strict(),
    output: SettingsView,
  }),
  updateSettings: defineMethod({
    summary: 'Apply a partial settings update; returns the new settings.',
    input: z.object({ patch: SettingsPatch }).strict(),
    output: SettingsView,
  }),
  resetSettings: defineMethod({
    summary: 'Restore one section (or all) to the defaults.',
    input: z.object({ section: SettingsSection.optional() }).strict(),
    output: SettingsView,
  }),
  setApiKey: defineMethod({
    summary: 'Store a model key encrypted with the OS keychain (desktop app only); empty removes it.',
    input: z.object({ role: z.enum(['default', ...MODEL_ROLES]), key: z.string().max(4_096) }).strict(),
    output: SettingsView,
  }),
};

export const appEvents = {
  didChangeSettings: SettingsView,
};
