/**
 * Railway's cities and stations (English, Chinese, pinyin for the picker's search). Searches
 * go city to city, as on a real ticketing app; a train stops at one station of a city.
 */

export interface City {
  id: string;
  en: string;
  zh: string;
  /** Full pinyin without tones ("beijing") and its initials ("bj"), for the picker's search. */
  pinyin: string;
  initials: string;
  /** Shown under "Popular cities" in the picker. */
  hot: boolean;
}

export interface Station {
  id: string;
  city: string;
  en: string;
  zh: string;
}

const city = (id: string, en: string, zh: string, pinyin: string, initials: string, hot = false): City => ({
  id,
  en,
  zh,
  pinyin,
  initials,
  hot,
});

export const CITIES: readonly City[] = [
  city('beijing', 'Beijing', '北京', 'beijing', 'bj', true),
  city('changsha', 'Changsha', '长沙', 'changsha', 'cs'),
  city('changzhou', 'Changzhou', '常州', 'changzhou', 'cz'),
  city('guangzhou', 'Guangzhou', '广州', 'guangzhou', 'gz', true),
  city('hangzhou', 'Hangzhou', '杭州', 'hangzhou', 'hz', true),
  city('hefei', 'Hefei', '合肥', 'hefei', 'hf'),
  city('huzhou', 'Huzhou', '湖州', 'huzhou', 'hz'),
  city('jiaxing', 'Jiaxing', '嘉兴', 'jiaxing', 'jx'),
  city('jinan', 'Jinan', '济南', 'jinan', 'jn', true),
  city('nanjing', 'Nanjing', '南京', 'nanjing', 'nj', true),
  city('ningbo', 'Ningbo', '宁波', 'ningbo', 'nb'),
  city('shanghai', 'Shanghai', '上海', 'shanghai', 'sh', true),
  city('shijiazhuang', 'Shijiazhuang', '石家庄', 'shijiazhuang', 'sjz'),
  city('suzhou', 'Suzhou', '苏州', 'suzhou', 'sz', true),
  city('tianjin', 'Tianjin', '天津', 'tianjin', 'tj', true),
  city('wuhan', 'Wuhan', '武汉', 'wuhan', 'wh', true),
  city('wuxi', 'Wuxi', '无锡', 'wuxi', 'wx'),
  city('xian', "Xi'an", '西安', 'xian', 'xa', true),
  city('xuzhou', 'Xuzhou', '徐州', 'xuzhou', 'xz'),
  city('zhengzhou', 'Zhengzhou', '郑州', 'zhengzhou', 'zz'),
];

const st = (id: string, cityId: string, en: string, zh: string): Station => ({ id, city: cityId, en, zh });

export const STATIONS: readonly Station[] = [
  st('BJS', 'beijing', 'Beijing South', '北京南'),
  st('BJW', 'beijing', 'Beijing West', '北京西'),
  st('BJP', 'beijing', 'Beijing', '北京'),
  st('TJS', 'tianjin', 'Tianjin South', '天津南'),
  st('TJP', 'tianjin', 'Tianjin', '天津'),
  st('JNW', 'jinan', 'Jinan West', '济南西'),
  st('JNP', 'jinan', 'Jinan', '济南'),
  st('XZE', 'xuzhou', 'Xuzhou East', '徐州东'),
  st('XZP', 'xuzhou', 'Xuzhou', '徐州'),
  st('NJS', 'nanjing', 'Nanjing South', '南京南'),
  st('NJP', 'nanjing', 'Nanjing', '南京'),
  st('CZN', 'changzhou', 'Changzhou North', '常州北'),
  st('WXE', 'wuxi', 'Wuxi East', '无锡东'),
  st('SZN', 'suzhou', 'Suzhou North', '苏州北'),
  st('SZP', 'suzhou', 'Suzhou', '苏州'),
  st('SHH', 'shanghai', 'Shanghai Hongqiao', '上海虹桥'),
  st('SHP', 'shanghai', 'Shanghai', '上海'),
  st('HZE', 'hangzhou', 'Hangzhou East', '杭州东'),
  st('JXS', 'jiaxing', 'Jiaxing South', '嘉兴南'),
  st('HZC', 'huzhou', 'Huzhou', '湖州'),
  st('NGB', 'ningbo', 'Ningbo', '宁波'),
  st('HFS', 'hefei', 'Hefei South', '合肥南'),
  st('WHN', 'wuhan', 'Wuhan', '武汉'),
  st('HKN', 'wuhan', 'Hankou', '汉口'),
  st('ZZE', 'zhengzhou', 'Zhengzhou East', '郑州东'),
  st('SJP', 'shijiazhuang', 'Shijiazhuang', '石家庄'),
  st('CSS', 'changsha', 'Changsha South', '长沙南'),
  st('GZS', 'guangzhou', 'Guangzhou South', '广州南'),
  st('XAN', 'xian', "Xi'an North", '西安北'),
];

export function cityById(id: string): City | undefined {
  return CITIES.find((c) => c.id === id);
}

export function stationById(id: string): Station | undefined {
  return STATIONS.find((s) => s.id === id);
}

/** A city id from what a person or an intent might say: "Shanghai", "上海", "shanghai", "sh". */
export function findCity(text: string): City | undefined {
  const q = text.trim().toLowerCase();
  if (!q) return undefined;
  return CITIES.find((c) => c.id === q || c.en.toLowerCase() === q || c.zh === q || c.pinyin === q);
}

/**
 * The picker's search: English name, Chinese name, pinyin or initials, by prefix (a Chinese
 * query also matches anywhere in the name). Exact and prefix matches of the name come first.
 */
export function searchCities(query: string): City[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return [...CITIES];
  const score = (c: City): number => {
    const en = c.en.toLowerCase().replace(/[\s']/g, '');
    if (en === q || c.zh === q || c.pinyin === q) return 0;
    if (en.startsWith(q) || c.zh.startsWith(q)) return 1;
    if (c.pinyin.startsWith(q) || c.initials.startsWith(q)) return 2;
    if (c.zh.includes(q)) return 3;
    return -1;
  };
  return CITIES.map((c) => ({ c, s: score(c) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || a.c.pinyin.localeCompare(b.c.pinyin))
    .map((x) => x.c);
}
