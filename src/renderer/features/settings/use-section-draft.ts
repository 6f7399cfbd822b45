import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { Settings, SettingsSection } from '../../../shared/schemas/settings.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { useBusy } from '../../ui/use-busy.ts';

export interface SectionDraft<S extends SettingsSection> {
  draft: Settings[S];
  set(update: Partial<Settings[S]>): void;
  dirty: boolean;
  /** Field path (dot-joined) → message, from the same schema main validates with. */
  issues: Record<string, string>;
  saving: boolean;
  saved: boolean;
  error: string | undefined;
  save(): Promise<void>;
  revert(): void;
}

/**
 * A local draft of one settings section, validated with the contract's own schema as the
 * person types, and saved through `updateSettings` (main validates again).
 */
export function useSectionDraft<S extends SettingsSection>(section: S, schema: z.ZodType): SectionDraft<S> {
  const client = useClient();
  const stored = useAppStore((s) => s.settings!.settings[section]);
  // While nothing is edited the draft is the stored value, so changes from elsewhere show at once.
  const [edit, setEdit] = useState<Settings[S] | null>(null);
  const draft = edit ?? stored;
  const dirty = edit !== null;
  const [saved, setSaved] = useState(false);
  const { busy, error, run, clear } = useBusy();

  const issues = useMemo(() => {
    const r = schema.safeParse(draft);
    const out: Record<string, string> = {};
    if (!r.success) for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
    return out;
  }, [draft, schema]);

  const set = useCallback(
    (update: Partial<Settings[S]>) => {
      setEdit((d) => ({ ...(d ?? stored), ...update }));
      setSaved(false);
      clear();
    },
    [stored, clear],
  );

  const save = useCallback(async () => {
    const done = await run('Saving…', async () => {
      await client.updateSettings({ patch: { [section]: draft } });
      return true;
    });
    if (!done) return;
    setEdit(null);
    setSaved(true);
  }, [client, draft, section, run]);

  const revert = useCallback(() => {
    setEdit(null);
    clear();
  }, [clear]);

  return { draft, set, dirty, issues, saving: busy !== null, saved, error, save, revert };
}
