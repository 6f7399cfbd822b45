/**
 * What the `moba` command prints comes partly from outside: model replies (observations,
 * thoughts, sub-goals, answers), memories, device names, element text, run tasks. A terminal
 * obeys control characters in that text — an ESC sequence can erase or rewrite lines (including
 * the action shown for approval in step mode), retitle the window or plant hyperlinks; a
 * carriage return overwrites a line; bidi overrides make text read differently from what it is.
 *
 * `neutralizeControls` runs on everything the CLI writes (`processIo`): every C0 control but
 * newline and tab, DEL, every C1 control, the bidi embedding/override/isolate marks and the line
 * and paragraph separators become a visible `\uXXXX`. That form is also a valid escape inside a
 * JSON string, so `--json` output still parses to the same data. Written by hand: it is one
 * regular expression, and the escaping must be exactly this to keep JSON lines valid.
 */

// C0 except \t (09) and \n (0A); DEL; C1; ALM; LRM/RLM; LRE..RLO; LS/PS; LRI..PDI.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069]/g;

const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text safe to write to a terminal: control characters shown as `\uXXXX`, newlines and tabs kept. */
export function neutralizeControls(text: string): string {
  return text.replace(CONTROLS, visible);
}

/**
 * One line of outside text inside a line the CLI composes: newlines and tabs (which could fake
 * a line of the CLI's own, such as an approval prompt) become spaces too.
 */
export function oneLine(text: string): string {
  return neutralizeControls(text.replace(/\s+/g, ' ').trim());
}
