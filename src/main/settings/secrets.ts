/**
 * Where model keys live. Keys never touch the database, logs or exports in plain text: the
 * desktop app encrypts them with the OS keychain (Electron safeStorage); elsewhere they come
 * from environment variables only.
 */
export interface SecretStore {
  readonly kind: 'safeStorage' | 'env';
  readonly canStore: boolean;
  get(name: string): string | undefined;
  /** @throws when `canStore` is false. */
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** The environment-only store used by the CLI and the web host. */
export class EnvSecretStore implements SecretStore {
  readonly kind = 'env' as const;
  readonly canStore = false;
  get(_name: string): string | undefined {
    return undefined;
  }
  set(): void {
    throw new Error(
      'Keys can only be stored in the desktop app; set an environment variable such as OPENAI_API_KEY instead.',
    );
  }
  delete(): void {}
}
