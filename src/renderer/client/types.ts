export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface ConnectionStatus {
  state: ConnectionState;
  /** Shown to the person when reconnecting keeps failing. */
  error?: string;
  attempts: number;
}
