import { safeStorage } from 'electron';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SecretStore } from '../settings/secrets.ts';

/**
 * Model keys encrypted with the OS keychain (Keychain, DPAPI, libsecret/kwallet) in a file
 * beside the database. Only ciphertext is written; the database never sees a key.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safeStorage' as const;
  private readonly path: string;
  private values: Record<string, string>;

  constructor(path: string) {
    this.path = path;
    this.values = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
  }

  get canStore(): boolean {
    return safeStorage.isEncryptionAvailable();
  }

  get(name: string): string | undefined {
    const b64 = this.values[name];
    if (!b64 || !safeStorage.isEncryptionAvailable()) return undefined;
    try {
      return safeStorage.decryptString(Buffer.from(b64, 'base64'));
    } catch (error) {
      console.error(`[moba] cannot decrypt the stored key "${name}"; ignoring it`, error);
      return undefined;
    }
  }

  set(name: string, value: string): void {
    if (!safeStorage.isEncryptionAvailable())
      throw new Error('The OS keychain is not available; set the key as an environment variable instead.');
    this.values[name] = safeStorage.encryptString(value).toString('base64');
    this.flush();
  }

  delete(name: string): void {
    delete this.values[name];
    this.flush();
  }

  private flush(): void {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.values), { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}
