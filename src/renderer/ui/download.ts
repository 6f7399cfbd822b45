/** Saves text as a file through the browser's download (works in Electron's window too). */
export function downloadText(name: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The download has started by then; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves JSON text as a file. */
export function downloadJson(name: string, text: string): void {
  downloadText(name, text, 'application/json');
}
