/**
 * The cities Weather knows: names (English / Chinese), region, position, time zone and a
 * rough climate (daily mean temperature in mid-January and mid-July, the usual day–night
 * range, and the share of rainy days per month) that the forecast generator follows.
 */

export interface City {
  id: string;
  en: string;
  zh: string;
  regionEn: string;
  regionZh: string;
  lat: number;
  lon: number;
  /** Standard UTC offset in hours. */
  utc: number;
  /** Daylight saving rule, if any. */
  dst?: 'eu' | 'us' | 'au';
  /** Daily mean temperature (°C) mid-January and mid-July. */
  jan: number;
  jul: number;
  /** Typical difference between the day's high and low (°C). */
  range: number;
  /** Share of days with rain, January → December. */
  wet: readonly number[];
  /** Winter smog is a thing here. */
  haze?: boolean;
}

const c = (
  id: string,
  en: string,
  zh: string,
  region: [string, string],
  pos: [number, number, number],
  climate: [number, number, number],
  wet: number[],
  extra: Partial<City> = {},
): City => ({
  id,
  en,
  zh,
  regionEn: region[0],
  regionZh: region[1],
  lat: pos[0],
  lon: pos[1],
  utc: pos[2],
  jan: climate[0],
  jul: climate[1],
  range: climate[2],
  wet,
  ...extra,
});

const YANGTZE = [0.3, 0.32, 0.38, 0.38, 0.36, 0.45, 0.4, 0.35, 0.32, 0.24, 0.25, 0.25];
const NORTH = [0.07, 0.08, 0.12, 0.15, 0.2, 0.3, 0.45, 0.4, 0.25, 0.15, 0.1, 0.07];

export const CITIES: readonly City[] = [
  c('shanghai', 'Shanghai', '上海', ['China', '中国'], [31.23, 121.47, 8], [4.8, 28.7, 7], YANGTZE),
  c('beijing', 'Beijing', '北京', ['China', '中国'], [39.9, 116.4, 8], [-3, 27, 10], NORTH, { haze: true }),
  c(
    'nanjing',
    'Nanjing',
    '南京',
    ['Jiangsu, China', '中国江苏'],
    [32.06, 118.8, 8],
    [2.7, 28.1, 8],
    [0.3, 0.32, 0.38, 0.36, 0.35, 0.4, 0.42, 0.38, 0.28, 0.24, 0.25, 0.23],
  ),
  c(
    'hangzhou',
    'Hangzhou',
    '杭州',
    ['Zhejiang, China', '中国浙江'],
    [30.27, 120.15, 8],
    [4.6, 29, 8],
    [0.34, 0.36, 0.42, 0.42, 0.42, 0.48, 0.4, 0.38, 0.34, 0.25, 0.27, 0.26],
  ),
  c('suzhou', 'Suzhou', '苏州', ['Jiangsu, China', '中国江苏'], [31.3, 120.62, 8], [4, 28.5, 7.5], YANGTZE),
  c(
    'guangzhou',
    'Guangzhou',
    '广州',
    ['Guangdong, China', '中国广东'],
    [23.13, 113.26, 8],
    [13.6, 28.8, 7],
    [0.2, 0.3, 0.42, 0.5, 0.58, 0.62, 0.55, 0.55, 0.45, 0.22, 0.15, 0.15],
  ),
  c(
    'shenzhen',
    'Shenzhen',
    '深圳',
    ['Guangdong, China', '中国广东'],
    [22.54, 114.06, 8],
    [15.4, 28.9, 6],
    [0.17, 0.25, 0.35, 0.42, 0.5, 0.6, 0.55, 0.55, 0.45, 0.2, 0.12, 0.12],
  ),
  c(
    'chengdu',
    'Chengdu',
    '成都',
    ['Sichuan, China', '中国四川'],
    [30.57, 104.07, 8],
    [5.6, 25.5, 6.5],
    [0.3, 0.32, 0.38, 0.42, 0.45, 0.5, 0.55, 0.5, 0.55, 0.5, 0.35, 0.3],
  ),
  c(
    'chongqing',
    'Chongqing',
    '重庆',
    ['China', '中国'],
    [29.56, 106.55, 8],
    [7.8, 28.5, 6],
    [0.35, 0.35, 0.4, 0.45, 0.48, 0.5, 0.4, 0.35, 0.45, 0.55, 0.45, 0.4],
  ),
  c(
    'wuhan',
    'Wuhan',
    '武汉',
    ['Hubei, China', '中国湖北'],
    [30.59, 114.31, 8],
    [4, 29.5, 8],
    [0.3, 0.32, 0.4, 0.42, 0.42, 0.45, 0.38, 0.35, 0.28, 0.28, 0.25, 0.22],
  ),
  c(
    'xian',
    "Xi'an",
    '西安',
    ['Shaanxi, China', '中国陕西'],
    [34.34, 108.94, 8],
    [0.5, 27.5, 10],
    [0.1, 0.13, 0.2, 0.25, 0.28, 0.25, 0.3, 0.3, 0.35, 0.3, 0.15, 0.1],
    { haze: true },
  ),
  c('tianjin', 'Tianjin', '天津', ['China', '中国'], [39.34, 117.36, 8], [-3.5, 27, 9], NORTH, { haze: true }),
  c(
    'jinan',
    'Jinan',
    '济南',
    ['Shandong, China', '中国山东'],
    [36.65, 117.12, 8],
    [-0.4, 27.5, 9],
    [0.08, 0.1, 0.13, 0.15, 0.18, 0.25, 0.42, 0.38, 0.22, 0.15, 0.1, 0.08],
    { haze: true },
  ),
  c(
    'qingdao',
    'Qingdao',
    '青岛',
    ['Shandong, China', '中国山东'],
    [36.07, 120.38, 8],
    [-0.5, 24.5, 6],
    [0.1, 0.12, 0.15, 0.18, 0.2, 0.28, 0.45, 0.4, 0.25, 0.17, 0.15, 0.1],
  ),
  c(
    'xiamen',
    'Xiamen',
    '厦门',
    ['Fujian, China', '中国福建'],
    [24.48, 118.09, 8],
    [13, 28.5, 6],
    [0.2, 0.3, 0.38, 0.42, 0.5, 0.55, 0.4, 0.45, 0.35, 0.15, 0.15, 0.15],
  ),
  c(
    'fuzhou',
    'Fuzhou',
    '福州',
    ['Fujian, China', '中国福建'],
    [26.07, 119.3, 8],
    [11, 29, 7],
    [0.3, 0.38, 0.48, 0.48, 0.52, 0.55, 0.35, 0.4, 0.4, 0.2, 0.2, 0.2],
  ),
  c(
    'kunming',
    'Kunming',
    '昆明',
    ['Yunnan, China', '中国云南'],
    [25.04, 102.71, 8],
    [8.5, 20, 10],
    [0.05, 0.08, 0.1, 0.15, 0.3, 0.6, 0.7, 0.7, 0.55, 0.45, 0.2, 0.08],
  ),
  c(
    'harbin',
    'Harbin',
    '哈尔滨',
    ['Heilongjiang, China', '中国黑龙江'],
    [45.8, 126.53, 8],
    [-17.6, 23, 10],
    [0.12, 0.1, 0.12, 0.17, 0.22, 0.38, 0.48, 0.42, 0.28, 0.18, 0.15, 0.15],
  ),
  c(
    'shenyang',
    'Shenyang',
    '沈阳',
    ['Liaoning, China', '中国辽宁'],
    [41.81, 123.43, 8],
    [-11, 24.5, 10],
    [0.1, 0.1, 0.13, 0.18, 0.25, 0.35, 0.45, 0.42, 0.25, 0.18, 0.15, 0.12],
    { haze: true },
  ),
  c(
    'changsha',
    'Changsha',
    '长沙',
    ['Hunan, China', '中国湖南'],
    [28.23, 112.94, 8],
    [5, 29.5, 7],
    [0.4, 0.42, 0.5, 0.5, 0.48, 0.45, 0.32, 0.32, 0.28, 0.3, 0.3, 0.3],
  ),
  c(
    'zhengzhou',
    'Zhengzhou',
    '郑州',
    ['Henan, China', '中国河南'],
    [34.75, 113.63, 8],
    [0.5, 27.5, 9],
    [0.1, 0.12, 0.18, 0.2, 0.22, 0.25, 0.38, 0.35, 0.25, 0.2, 0.15, 0.1],
    { haze: true },
  ),
  c(
    'hefei',
    'Hefei',
    '合肥',
    ['Anhui, China', '中国安徽'],
    [31.82, 117.23, 8],
    [2.5, 28.5, 8],
    [0.3, 0.3, 0.38, 0.38, 0.36, 0.4, 0.4, 0.36, 0.28, 0.25, 0.25, 0.22],
  ),
  c(
    'lhasa',
    'Lhasa',
    '拉萨',
    ['Tibet, China', '中国西藏'],
    [29.65, 91.17, 8],
    [-0.3, 16, 14],
    [0.02, 0.03, 0.05, 0.1, 0.2, 0.4, 0.6, 0.6, 0.45, 0.1, 0.02, 0.02],
  ),
  c(
    'urumqi',
    'Urumqi',
    '乌鲁木齐',
    ['Xinjiang, China', '中国新疆'],
    [43.83, 87.62, 8],
    [-12, 24, 10],
    [0.15, 0.15, 0.18, 0.2, 0.22, 0.22, 0.22, 0.18, 0.15, 0.15, 0.15, 0.15],
  ),
  c(
    'sanya',
    'Sanya',
    '三亚',
    ['Hainan, China', '中国海南'],
    [18.25, 109.51, 8],
    [21.5, 28.8, 6],
    [0.1, 0.1, 0.1, 0.15, 0.35, 0.45, 0.45, 0.5, 0.55, 0.4, 0.2, 0.12],
  ),
  c(
    'hongkong',
    'Hong Kong',
    '香港',
    ['China', '中国'],
    [22.32, 114.17, 8],
    [16.3, 28.8, 5],
    [0.15, 0.25, 0.3, 0.38, 0.5, 0.6, 0.55, 0.55, 0.45, 0.25, 0.15, 0.12],
  ),
  c(
    'taipei',
    'Taipei',
    '台北',
    ['Taiwan, China', '中国台湾'],
    [25.03, 121.57, 8],
    [16, 30, 7],
    [0.45, 0.48, 0.5, 0.45, 0.45, 0.48, 0.35, 0.4, 0.4, 0.4, 0.42, 0.42],
  ),
  c(
    'tokyo',
    'Tokyo',
    '东京',
    ['Japan', '日本'],
    [35.68, 139.69, 9],
    [5.4, 26.4, 7.5],
    [0.18, 0.2, 0.35, 0.35, 0.38, 0.42, 0.4, 0.28, 0.38, 0.35, 0.25, 0.18],
  ),
  c(
    'seoul',
    'Seoul',
    '首尔',
    ['South Korea', '韩国'],
    [37.57, 126.98, 9],
    [-2, 25.7, 8],
    [0.1, 0.1, 0.2, 0.25, 0.28, 0.35, 0.55, 0.5, 0.3, 0.2, 0.22, 0.15],
  ),
  c(
    'singapore',
    'Singapore',
    '新加坡',
    ['Singapore', '新加坡'],
    [1.35, 103.82, 8],
    [26.5, 27.9, 7],
    [0.45, 0.3, 0.4, 0.45, 0.45, 0.4, 0.4, 0.45, 0.45, 0.45, 0.6, 0.6],
  ),
  c(
    'bangkok',
    'Bangkok',
    '曼谷',
    ['Thailand', '泰国'],
    [13.76, 100.5, 7],
    [27, 29, 8],
    [0.05, 0.08, 0.12, 0.2, 0.5, 0.55, 0.6, 0.65, 0.7, 0.5, 0.2, 0.05],
  ),
  c(
    'london',
    'London',
    '伦敦',
    ['United Kingdom', '英国'],
    [51.51, -0.13, 0],
    [5.2, 18.7, 7],
    [0.4, 0.35, 0.35, 0.35, 0.32, 0.3, 0.3, 0.3, 0.32, 0.38, 0.4, 0.4],
    { dst: 'eu' },
  ),
  c(
    'paris',
    'Paris',
    '巴黎',
    ['France', '法国'],
    [48.86, 2.35, 1],
    [5, 20.5, 8],
    [0.35, 0.32, 0.35, 0.33, 0.35, 0.3, 0.28, 0.27, 0.28, 0.33, 0.36, 0.37],
    { dst: 'eu' },
  ),
  c(
    'berlin',
    'Berlin',
    '柏林',
    ['Germany', '德国'],
    [52.52, 13.4, 1],
    [0.6, 19.5, 8],
    [0.35, 0.3, 0.3, 0.28, 0.3, 0.32, 0.32, 0.3, 0.28, 0.3, 0.33, 0.35],
    { dst: 'eu' },
  ),
  c(
    'moscow',
    'Moscow',
    '莫斯科',
    ['Russia', '俄罗斯'],
    [55.76, 37.62, 3],
    [-6.5, 19.2, 7],
    [0.35, 0.3, 0.3, 0.3, 0.3, 0.35, 0.35, 0.35, 0.35, 0.35, 0.38, 0.38],
  ),
  c(
    'dubai',
    'Dubai',
    '迪拜',
    ['United Arab Emirates', '阿联酋'],
    [25.2, 55.27, 4],
    [19, 35.5, 9],
    [0.05, 0.05, 0.05, 0.03, 0.01, 0, 0, 0, 0, 0.01, 0.02, 0.05],
  ),
  c(
    'newyork',
    'New York',
    '纽约',
    ['United States', '美国'],
    [40.71, -74.01, -5],
    [0.9, 25.5, 8],
    [0.32, 0.3, 0.35, 0.35, 0.36, 0.32, 0.3, 0.28, 0.26, 0.26, 0.3, 0.32],
    { dst: 'us' },
  ),
  c(
    'sanfrancisco',
    'San Francisco',
    '旧金山',
    ['United States', '美国'],
    [37.77, -122.42, -8],
    [11, 17.5, 8],
    [0.35, 0.35, 0.3, 0.2, 0.1, 0.04, 0.02, 0.02, 0.04, 0.12, 0.25, 0.35],
    { dst: 'us' },
  ),
  c(
    'sydney',
    'Sydney',
    '悉尼',
    ['Australia', '澳大利亚'],
    [-33.87, 151.21, 10],
    [23, 13, 7],
    [0.4, 0.42, 0.42, 0.38, 0.35, 0.38, 0.3, 0.25, 0.25, 0.3, 0.35, 0.35],
    { dst: 'au' },
  ),
];

/** Shown before anything is typed in the city search. */
export const POPULAR = [
  'beijing',
  'shanghai',
  'guangzhou',
  'shenzhen',
  'hangzhou',
  'nanjing',
  'chengdu',
  'wuhan',
  'xian',
  'hongkong',
  'tokyo',
  'london',
];

export function cityById(id: string): City | undefined {
  return CITIES.find((city) => city.id === id);
}

/** Cities whose English or Chinese name (or region) contains the query. */
export function searchCities(query: string): City[] {
  const q = query.trim().toLowerCase().replace(/['\s]/g, '');
  if (!q) return [];
  const norm = (s: string): string => s.toLowerCase().replace(/['\s]/g, '');
  const score = (city: City): number =>
    norm(city.en).startsWith(q) || city.zh.startsWith(q) ? 0 : norm(city.en).includes(q) || city.zh.includes(q) ? 1 : 2;
  return CITIES.filter((city) => score(city) < 2 || norm(city.regionEn).includes(q) || city.regionZh.includes(q)).sort(
    (a, b) => score(a) - score(b),
  );
}
