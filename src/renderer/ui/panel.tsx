import type { ReactNode } from 'react';

export interface PanelProps {
  id: string;
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled region of a page; `data-panel` names it for tests and screenshots. */
export function Panel({ id, title, icon, actions, children, className }: PanelProps) {
  return (
    <section className={`panel ${className ?? ''}`} data-panel={id} aria-labelledby={`panel-${id}-title`}>
      <header className="panel-header">
        {icon ? <span className="panel-icon">{icon}</span> : null}
        <h2 id={`panel-${id}-title`}>{title}</h2>
        <div className="panel-actions">{actions}</div>
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}

export interface EmptyStateProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** What will appear here and what to do first. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state" role="note">
      <p className="empty-title">{title}</p>
      <div className="empty-text">{children}</div>
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}
