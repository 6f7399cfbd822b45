import { useSyncExternalStore } from 'react';

export const ROUTES = [
  { id: 'devices', label: 'Devices', title: 'Devices' },
  { id: 'run', label: 'Run', title: 'Run' },
  { id: 'history', label: 'History', title: 'History' },
  { id: 'memory', label: 'Memory', title: 'Memory' },
  { id: 'benchmarks', label: 'Bench', title: 'Benchmarks' },
  { id: 'settings', label: 'Settings', title: 'Settings' },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

export interface Route {
  id: RouteId;
  /** The rest of the hash path, e.g. a run id in `#/history/<id>`. */
  params: string[];
}

function parse(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const id = ROUTES.find((r) => r.id === parts[0])?.id ?? 'run';
  return { id, params: parts.slice(1) };
}

let current = parse(location.hash);
const listeners = new Set<() => void>();
window.addEventListener('hashchange', () => {
  current = parse(location.hash);
  for (const l of listeners) l();
});

export function useRoute(): Route {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

export function hrefFor(id: RouteId, ...params: string[]): string {
  return `#/${[id, ...params].map(encodeURIComponent).join('/')}`;
}

export function navigate(id: RouteId, ...params: string[]): void {
  location.hash = hrefFor(id, ...params);
}

/**
 * Changes the address to this route without navigating (the page shown stays as it is, and the
 * browser's history gets no new entry): for views whose position belongs in a shareable link.
 */
export function replaceRoute(id: RouteId, ...params: string[]): void {
  const hash = hrefFor(id, ...params);
  if (location.hash === hash) return;
  // The route the page was opened with stays `current`: views keyed by it are not remounted.
  history.replaceState(history.state, '', hash);
}

/** The address of a route, absolute (for links people share). */
export function linkTo(id: RouteId, ...params: string[]): string {
  return `${location.origin}${location.pathname}${location.search}${hrefFor(id, ...params)}`;
}
