/** Where an artifact goes inside an export folder. */
const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/xml': 'xml',
  'application/json': 'json',
  'text/plain': 'txt',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
};

/** `assets/<sha256>.<ext>`, relative to the export folder. */
export function assetFile(ref: { sha256: string; mime: string }): string {
  return `assets/${ref.sha256}.${EXT[ref.mime] ?? 'bin'}`;
}
