/** How a component shows a failed call and a call under way (see `use-busy.ts`). */

/** A failed call's message (nothing when there is none): a line under a form, or a banner. */
export function ErrorNote({
  error,
  banner = false,
  className = '',
}: {
  error: string | undefined;
  banner?: boolean;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p className={`${banner ? 'banner banner-error' : 'step-error'} ${className}`.trim()} role="alert">
      {error}
    </p>
  );
}

/** The label of a call under way (nothing when idle). */
export function BusyNote({ busy, className = 'step-busy' }: { busy: string | null; className?: string }) {
  if (!busy) return null;
  return (
    <p className={className} aria-busy="true">
      {busy}
    </p>
  );
}
