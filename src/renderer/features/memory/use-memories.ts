/** The Memory page's data: a page of memories for the filters, the counts, and the memory opened. */
import { useEffect, useState } from 'react';
import type { MemoryItem, MemoryKind, MemorySource } from '../../../shared/schemas/memory.ts';
import { useLoad } from '../../ui/use-busy.ts';
import type { MemoryApi } from './memory-api.ts';

export const PAGE = 100;

export interface MemoryFilters {
  kind: MemoryKind | '';
  source: MemorySource | '';
  query: string;
  limit: number;
}

export function useMemories(api: MemoryApi, filters: MemoryFilters, selectedId: string | undefined) {
  // Bumped on every change main reports, so the list, the counts and the open memory follow.
  const [version, setVersion] = useState(0);
  useEffect(() => api.onDidChange(() => setVersion((v) => v + 1)), [api]);
  const { kind, source, query, limit } = filters;
  const key = JSON.stringify([kind, source, query, limit, version]);
  const list = useLoad(
    () =>
      Promise.all([
        api.list({
          ...(kind ? { kind } : {}),
          ...(source ? { source } : {}),
          ...(query.trim() ? { search: query.trim(), order: 'relevance' as const } : {}),
          limit,
        }),
        api.stats(),
      ]).then(([page, stats]) => ({ key, page, stats })),
    [api, key],
  );
  const item = useLoad(() => (selectedId ? api.get(selectedId) : Promise.resolve(null)), [api, selectedId, version]);
  const [saved, setSaved] = useState<MemoryItem | null>(null);
  const current =
    saved && saved.id === selectedId && saved.updatedAt >= (item.data?.updatedAt ?? 0) ? saved : item.data;
  return {
    page: list.data?.page,
    stats: list.data?.stats ?? null,
    loading: list.data?.key !== key,
    error: list.error ?? item.error,
    selected: current && current.id === selectedId ? current : null,
    /** Shows a memory as just saved, before main's change arrives. */
    showSaved: setSaved,
    refresh: () => setVersion((v) => v + 1),
  };
}
