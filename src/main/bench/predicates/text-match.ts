/**
 * Case- and format-tolerant text matching for task predicates: normalised equality and
 * containment, edit similarity, digits, and times, dates and numbers named in free text in
 * English or Chinese ("6:30 PM", "18:30", "下午6:30", "6点半"; "June 3", "6月3日",
 * "2025-06-03"). Written by hand: the formats are the few the simulated phone and agents'
 * answers use, and a general date-parsing library would guess where a checker must not.
 */

/** NFKC (full-width → ASCII), lower case, one kind of dash (Android writes "Wi‑Fi" with U+2011), one space between words. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const EDGE_QUOTES = /^["'「『《]+|["'」』》]+$/g;
const FINAL_PUNCTUATION = /[.!?。！？,，;；:：]+$/;

/** `foldText` without surrounding quotes and final punctuation: `"Work."` ≈ `work`. */
export function looseText(text: string): string {
  let t = foldText(text);
  for (let i = 0; i < 3; i++) t = t.replace(EDGE_QUOTES, '').replace(FINAL_PUNCTUATION, '').trim();
  return t;
}

export function textEquals(a: string, b: string): boolean {
  return looseText(a) === looseText(b);
}

export function textContains(haystack: string, needle: string): boolean {
  return foldText(haystack).includes(foldText(needle));
}

/** 1 − edit distance ÷ the longer length, on `looseText`s (1 = equal). */
export function similarity(a: string, b: string): number {
  const x = [...looseText(a)];
  const y = [...looseText(b)];
  if (x.length === 0 && y.length === 0) return 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[y.length]! / Math.max(x.length, y.length);
}

export function digitsOf(value: string | number): string {
  return String(value).normalize('NFKC').replace(/\D/g, '');
}

// ------------------------------------------------------------------------------- times

const ZH_PM = new Set(['下午', '晚上', '傍晚', '夜里', '晚']);
const ZH_AM = new Set(['上午', '凌晨', '早上', '早晨', '清晨', '早']);
const PERIOD = '(上午|下午|晚上|中午|凌晨|早上|早晨|清晨|傍晚|夜里|早|晚)?\\s*';
const AMPM = '\\s*([ap])\\.?\\s?m\\b\\.?';
/** 18:30, 6:30 PM, 下午6:30, 06:30:00 */
const COLON_TIME = new RegExp(`${PERIOD}(?<!\\d)(\\d{1,2})[:：](\\d{2})(?::\\d{2})?(?:${AMPM})?`, 'gi');
/** 6 PM, 6pm */
const HOUR_AMPM = new RegExp(`(?<![\\d:：])(\\d{1,2})${AMPM}`, 'gi');
/** 6点, 下午6点30分, 6点半 */
const ZH_TIME = new RegExp(`${PERIOD}(\\d{1,2})\\s*点\\s*(?:(\\d{1,2})\\s*分|(半))?`, 'g');

function toMinutes(hour: number, minute: number, ap: string | undefined, zh: string | undefined): number | null {
  let h = hour;
  if (minute > 59 || h > 24) return null;
  if (ap) {
    if (h > 12 || h === 0) return null;
    h = (h % 12) + (ap.toLowerCase() === 'p' ? 12 : 0);
  } else if (zh) {
    if (ZH_PM.has(zh) && h < 12) h += 12;
    else if (zh === '中午' && h < 11) h += 12;
    else if (ZH_AM.has(zh) && h === 12) h = 0;
  }
  return (h % 24) * 60 + minute;
}

/** Minutes after midnight of each time of day named in the text. */
export function timesIn(text: string): number[] {
  const t = text.normalize('NFKC');
  const out: number[] = [];
  const add = (v: number | null) => {
    if (v !== null) out.push(v);
  };
  for (const m of t.matchAll(COLON_TIME)) add(toMinutes(Number(m[2]), Number(m[3]), m[4], m[1]));
  for (const m of t.matchAll(HOUR_AMPM)) add(toMinutes(Number(m[1]), 0, m[2], undefined));
  for (const m of t.matchAll(ZH_TIME))
    add(toMinutes(Number(m[2]), m[3] !== undefined ? Number(m[3]) : m[4] ? 30 : 0, undefined, m[1]));
  return out;
}

/** `HH:MM` (or `H:MM`) → minutes after midnight; null when it is not one. */
export function parseClockTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

// ------------------------------------------------------------------------------- dates

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

export interface DateParts {
  year: number | null;
  month: number;
  day: number;
}

const DATE_PATTERNS: Array<{ re: RegExp; parts(m: RegExpMatchArray): DateParts }> = [
  {
    re: /(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?/g,
    parts: (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
  },
  { re: /(?<!\d)(\d{1,2})月(\d{1,2})[日号]/g, parts: (m) => ({ year: null, month: Number(m[1]), day: Number(m[2]) }) },
  {
    re: new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'gi'),
    parts: (m) => ({
      year: m[3] ? Number(m[3]) : null,
      month: MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1,
      day: Number(m[2]),
    }),
  },
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}(?:,?\\s+(\\d{4}))?`, 'gi'),
    parts: (m) => ({
      year: m[3] ? Number(m[3]) : null,
      month: MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1,
      day: Number(m[1]),
    }),
  },
];

/** Every calendar date named in the text. */
export function datesIn(text: string): DateParts[] {
  const t = text.normalize('NFKC');
  const out: DateParts[] = [];
  for (const { re, parts } of DATE_PATTERNS) for (const m of t.matchAll(re)) out.push(parts(m));
  const valid = out.filter((d) => d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31);
  // "2025年6月3日" is also read as "6月3日": keep the reading with the year.
  return valid.filter(
    (d) => d.year !== null || !valid.some((e) => e.year !== null && e.month === d.month && e.day === d.day),
  );
}

/** `YYYY-MM-DD` → parts; null when it is not one. */
export function parseIsoDate(text: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

export function sameDate(named: DateParts, target: DateParts): boolean {
  return (
    named.month === target.month && named.day === target.day && (named.year === null || named.year === target.year)
  );
}

// ------------------------------------------------------------------------------- numbers

/** Every number in the text ("28°" → 28, "-3.5" → -3.5, "1,299" → 1299). */
export function numbersIn(text: string): number[] {
  return [...text.normalize('NFKC').matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g)].map((m) =>
    Number(m[0].replace(/,/g, '')),
  );
}
