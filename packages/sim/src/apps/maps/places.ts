/**
 * Maps' city, the same on every phone: a 6 km × 6 km grid of named streets (every 500 m), a
 * river and parks, and the places on it (positions in metres from the north-west corner).
 * Ratings, review counts and reviews vary with the seed (model.ts).
 */

export const CITY_SIZE = 6000;
export const BLOCK = 500;

/** East–west streets, north to south (y = 0, 500, …, 6000). */
export const EW_STREETS = [
  'Beijing Road',
  'Fuzhou Road',
  'Nanjing Road',
  'Jiujiang Road',
  'Hankou Road',
  'Yan’an Road',
  'Huaihai Road',
  'Fuxing Road',
  'Jianguo Road',
  'Xietu Road',
  'Longhua Road',
  'Zhongshan Road',
  'Riverside Road',
];

export const EW_STREETS_ZH = [
  '北京路',
  '福州路',
  '南京路',
  '九江路',
  '汉口路',
  '延安路',
  '淮海路',
  '复兴路',
  '建国路',
  '斜土路',
  '龙华路',
  '中山路',
  '滨江路',
];

/** North–south streets, west to east (x = 0, 500, …, 6000). */
export const NS_STREETS = [
  'Hongqiao Road',
  'Yili Road',
  'Xianxia Road',
  'Jiangsu Road',
  'Huashan Road',
  'Changshou Road',
  'Shaanxi Road',
  'Maoming Road',
  'Chengdu Road',
  'Xizang Road',
  'Henan Road',
  'Sichuan Road',
  'The Bund',
];

export const NS_STREETS_ZH = [
  '虹桥路',
  '伊犁路',
  '仙霞路',
  '江苏路',
  '华山路',
  '长寿路',
  '陕西路',
  '茂名路',
  '成都路',
  '西藏路',
  '河南路',
  '四川路',
  '外滩',
];

/** Yan’an Road (y = 2500) carries the elevated expressway: faster, with a toll. */
export const ELEVATED_Y = 2500;
export const ELEVATED_NAME = 'Yan’an Elevated Road';
export const ELEVATED_NAME_ZH = '延安高架路';

export const CATEGORIES = [
  'restaurant',
  'cafe',
  'hotel',
  'park',
  'museum',
  'hospital',
  'station',
  'mall',
  'bank',
  'library',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PlaceInfo {
  id: number;
  name: string;
  nameZh: string;
  category: Category;
  x: number;
  y: number;
  phone: string;
  /** Opening hours, `HH:MM`–`HH:MM` (24 h); the same every day. */
  opens: string;
  closes: string;
  /** 0 (free) to 4 (¥¥¥¥). */
  price: number;
}

type Row = readonly [
  name: string,
  zh: string,
  category: Category,
  x: number,
  y: number,
  opens: string,
  closes: string,
  price: number,
];

const ROWS: readonly Row[] = [
  ['Green Bowl Café', '绿碗咖啡', 'cafe', 2250, 1700, '08:00', '21:00', 2],
  ['Luckin Coffee', '瑞幸咖啡', 'cafe', 3100, 2400, '07:00', '22:00', 1],
  ['Starbucks Reserve', '星巴克臻选', 'cafe', 4200, 1100, '07:30', '22:30', 2],
  ['Manner Coffee', 'Manner咖啡', 'cafe', 1300, 3300, '07:00', '19:00', 1],
  ['Haidilao Hot Pot', '海底捞火锅', 'restaurant', 2700, 2600, '10:00', '23:59', 3],
  ['Din Tai Fung', '鼎泰丰', 'restaurant', 3800, 1600, '11:00', '21:30', 3],
  ['Jesse Restaurant', '吉士酒家', 'restaurant', 1800, 2900, '11:00', '22:00', 3],
  ['Lost Heaven', '花马天堂', 'restaurant', 5200, 2100, '11:30', '23:00', 4],
  ['Yang’s Dumplings', '小杨生煎', 'restaurant', 3400, 3700, '06:30', '20:00', 1],
  ['Green Garden Vegan', '绿园素食', 'restaurant', 900, 1900, '10:30', '21:00', 2],
  ['Shanghai Museum', '上海博物馆', 'museum', 3600, 2550, '09:00', '17:00', 0],
  ['Science and Technology Museum', '上海科技馆', 'museum', 5600, 4300, '09:00', '17:15', 2],
  ['Art Gallery of the Bund', '外滩美术馆', 'museum', 5900, 1400, '10:00', '18:00', 2],
  ['People’s Park', '人民公园', 'park', 3300, 2200, '05:00', '22:00', 0],
  ['Century Park', '世纪公园', 'park', 5500, 5200, '06:00', '18:00', 1],
  ['Riverside Park', '滨江公园', 'park', 2300, 5800, '00:00', '23:59', 0],
  ['Zhongshan Park', '中山公园', 'park', 800, 1200, '05:00', '21:00', 0],
  ['City Hospital', '市第一人民医院', 'hospital', 2600, 3300, '00:00', '23:59', 0],
  ['Ruijin Hospital', '瑞金医院', 'hospital', 3900, 3900, '00:00', '23:59', 0],
  ['Fudan Clinic', '复旦门诊部', 'hospital', 1500, 4400, '08:00', '17:00', 0],
  ['Hongqiao Railway Station', '虹桥火车站', 'station', 100, 3100, '05:30', '23:30', 0],
  ['Shanghai Railway Station', '上海火车站', 'station', 3000, 300, '05:30', '23:30', 0],
  ['People’s Square Metro', '人民广场地铁站', 'station', 3550, 2050, '05:30', '23:00', 0],
  ['IFC Mall', '国金中心商场', 'mall', 5800, 1900, '10:00', '22:00', 3],
  ['Raffles City', '来福士广场', 'mall', 3700, 2050, '10:00', '22:00', 2],
  ['Grand Gateway', '港汇恒隆广场', 'mall', 1200, 4900, '10:00', '22:00', 3],
  ['Hilton Hotel', '希尔顿酒店', 'hotel', 2000, 2300, '00:00', '23:59', 4],
  ['Jinjiang Inn', '锦江之星', 'hotel', 2800, 4600, '00:00', '23:59', 1],
  ['Peninsula Hotel', '半岛酒店', 'hotel', 5950, 1050, '00:00', '23:59', 4],
  ['ICBC Branch', '工商银行支行', 'bank', 2450, 2050, '09:00', '17:00', 0],
  ['Bank of China', '中国银行', 'bank', 4500, 2800, '09:00', '17:00', 0],
  ['Shanghai Library', '上海图书馆', 'library', 1700, 3600, '09:00', '20:30', 0],
  ['Pudong Library', '浦东图书馆', 'library', 5400, 3400, '09:00', '20:30', 0],
];

const phoneOf = (i: number): string =>
  `021 ${String(5000_0000 + ((i * 7_919_357) % 4_999_9999)).replace(/(\d{4})(\d{4})/, '$1 $2')}`;

export const PLACES: readonly PlaceInfo[] = ROWS.map(([name, nameZh, category, x, y, opens, closes, price], i) => ({
  id: i + 1,
  name,
  nameZh,
  category,
  x,
  y,
  phone: phoneOf(i + 1),
  opens,
  closes,
  price,
}));

export const placeById = (id: number): PlaceInfo | undefined => PLACES[id - 1];

/** "1580 Nanjing Road": the nearer street and the house number along it. */
export function addressOf(x: number, y: number): string {
  const onEw = Math.abs(y - Math.round(y / BLOCK) * BLOCK) <= Math.abs(x - Math.round(x / BLOCK) * BLOCK);
  if (onEw) return `${Math.max(1, Math.round(x / 2))} ${EW_STREETS[Math.round(y / BLOCK)] ?? ''}`;
  return `${Math.max(1, Math.round(y / 2))} ${NS_STREETS[Math.round(x / BLOCK)] ?? ''}`;
}
