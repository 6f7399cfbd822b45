/** Cities for the world clock (IANA zones; offsets come from Chromium's time-zone data). */

export interface City {
  id: string;
  en: string;
  zh: string;
  zone: string;
}

export const CITIES: readonly City[] = [
  { id: 'amsterdam', en: 'Amsterdam', zh: '阿姆斯特丹', zone: 'Europe/Amsterdam' },
  { id: 'bangkok', en: 'Bangkok', zh: '曼谷', zone: 'Asia/Bangkok' },
  { id: 'beijing', en: 'Beijing', zh: '北京', zone: 'Asia/Shanghai' },
  { id: 'berlin', en: 'Berlin', zh: '柏林', zone: 'Europe/Berlin' },
  { id: 'cairo', en: 'Cairo', zh: '开罗', zone: 'Africa/Cairo' },
  { id: 'chicago', en: 'Chicago', zh: '芝加哥', zone: 'America/Chicago' },
  { id: 'dubai', en: 'Dubai', zh: '迪拜', zone: 'Asia/Dubai' },
  { id: 'hong_kong', en: 'Hong Kong', zh: '香港', zone: 'Asia/Hong_Kong' },
  { id: 'honolulu', en: 'Honolulu', zh: '檀香山', zone: 'Pacific/Honolulu' },
  { id: 'istanbul', en: 'Istanbul', zh: '伊斯坦布尔', zone: 'Europe/Istanbul' },
  { id: 'london', en: 'London', zh: '伦敦', zone: 'Europe/London' },
  { id: 'los_angeles', en: 'Los Angeles', zh: '洛杉矶', zone: 'America/Los_Angeles' },
  { id: 'madrid', en: 'Madrid', zh: '马德里', zone: 'Europe/Madrid' },
  { id: 'moscow', en: 'Moscow', zh: '莫斯科', zone: 'Europe/Moscow' },
  { id: 'mumbai', en: 'Mumbai', zh: '孟买', zone: 'Asia/Kolkata' },
  { id: 'new_york', en: 'New York', zh: '纽约', zone: 'America/New_York' },
  { id: 'paris', en: 'Paris', zh: '巴黎', zone: 'Europe/Paris' },
  { id: 'rome', en: 'Rome', zh: '罗马', zone: 'Europe/Rome' },
  { id: 'san_francisco', en: 'San Francisco', zh: '旧金山', zone: 'America/Los_Angeles' },
  { id: 'sao_paulo', en: 'São Paulo', zh: '圣保罗', zone: 'America/Sao_Paulo' },
  { id: 'seoul', en: 'Seoul', zh: '首尔', zone: 'Asia/Seoul' },
  { id: 'shanghai', en: 'Shanghai', zh: '上海', zone: 'Asia/Shanghai' },
  { id: 'singapore', en: 'Singapore', zh: '新加坡', zone: 'Asia/Singapore' },
  { id: 'sydney', en: 'Sydney', zh: '悉尼', zone: 'Australia/Sydney' },
  { id: 'tokyo', en: 'Tokyo', zh: '东京', zone: 'Asia/Tokyo' },
  { id: 'toronto', en: 'Toronto', zh: '多伦多', zone: 'America/Toronto' },
  { id: 'vancouver', en: 'Vancouver', zh: '温哥华', zone: 'America/Vancouver' },
];

export function cityById(id: string): City | undefined {
  return CITIES.find((city) => city.id === id);
}

/** Wall-clock fields of `epochMs` in a zone. */
export function zonedTime(
  epochMs: number,
  zone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

/** Minutes the zone is ahead of the device's local time at `epochMs`. */
export function offsetFromLocal(epochMs: number, zone: string): number {
  const z = zonedTime(epochMs, zone);
  const local = new Date(epochMs);
  const zoned = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute);
  const here = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes());
  return Math.round((zoned - here) / 60000);
}
