/**
 * The renderer's Content-Security-Policy: no inline or remote scripts, no plugins, no framing.
 * Images may come from the artifact protocol (desktop) or the host (web). Kept beside the
 * contract because the web host sends it as a header and the renderer's HTML carries it too.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: moba-artifact:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
