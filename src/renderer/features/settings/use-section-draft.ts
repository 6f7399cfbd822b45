import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { Settings, SettingsSection } from '../../../shared/schemas/settings.ts';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';

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
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();

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
      setError(undefined);
    },
    [stored],
  );

  const save = useCallback(async () => {
    setSaving(true);
    setError(undefined);
    try {
      await client.updateSettings({ patch: { [section]: draft } });
      setEdit(null);
      setSaved(true);
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setSaving(false);
    }
  }, [client, draft, section]);

  const revert = useCallback(() => {
    setEdit(null);
    setError(undefined);
  }, []);

  return { draft, set, dirty, issues, saving, saved, error, save, revert };
}
