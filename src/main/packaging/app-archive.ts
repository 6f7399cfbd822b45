/**
 * Paths inside the desktop app's archive (`resources/app.asar`). Electron reads inside the
 * archive for its own `fs` and `require`, but a symbolic link, another process or the OS loader
 * sees only real files: for them a file must be unpacked (`asarUnpack` in electron-builder.ts)
 * and named by its unpacked path.
 */
const IN_ARCHIVE = /([\\/])app\.asar(?=[\\/])/;

/**
 * The path of `path`'s unpacked copy when it lies inside app.asar, else `path` unchanged (the
 * app running from its folder, the CLI, the tests).
 */
export function onDiskPath(path: string): string {
  return path.replace(IN_ARCHIVE, '$1app.asar.unpacked');
}
