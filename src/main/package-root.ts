import { findPackageRoot } from '@moba/base/node';

/** The app's folder (its package.json), from source (src/main) or a bundle (out/main). */
export function packageRoot(): string {
  return findPackageRoot('moba-studio', import.meta.url);
}
