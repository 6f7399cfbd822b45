/**
 * A deterministic weather generator: the same seed, city and date always give the same day.
 * Temperatures follow the city's seasonal curve with smoothed day-to-day noise; rain follows
 * the month's share of rainy days; sunrise and sunset come from the sun's position.
 */
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import type { City } from './cities.ts';

export type Condition =
  | 'Sunny'
  | 'Mostly sunny'
  | 'Partly cloudy'
  | 'Cloudy'
  | 'Haze'
  | 'Light rain'
  | 'Showers'
  | 'Rain'
  | 'Heavy rain'
  | 'Thunderstorms'
  | 'Light snow'
  | 'Snow';

export interface DayForecast {
  /** YYYY-MM-DD. */
  date: string;
  condition: Condition;
  /** °C, whole degrees. */
  high: number;
  low: number;
  /** Percent, in steps of 10. */
  chanceOfRain: number;
  humidity: number;
  windKph: number;
  /** "N", "NE", … */
  windDir: string;
  uvIndex: number;
  /** Local time at the city, minutes after midnight. */
  sunrise: number;
  sunset: number;
}

const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const RAD = Math.PI / 180;

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
}

function dayOfYear(date: string): number {
  const [y] = date.split('-').map(Number);
  return dayNumber(date) - dayNumber(`${y}-01-01`) + 1;
}

/** Uniform [0, 1) for (seed, city, day, salt). */
function noise(seed: number, city: string, day: number, salt: string): number {
  return mulberry32(hashString(`${seed}|${city}|${day}|${salt}`))();
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 for erf). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * Noise that drifts from day to day instead of jumping (weather comes in spells), mapped
 * back to about uniform [0, 1) so "below the month's wetness" happens as often as it should.
 */
function smooth(seed: number, city: string, day: number, salt: string): number {
  const blend =
    0.5 * noise(seed, city, day, salt) +
    0.25 * noise(seed, city, day - 1, salt) +
    0.25 * noise(seed, city, day + 1, salt);
  // The blend's standard deviation: sqrt(0.25 + 2 × 0.0625) / sqrt(12).
  return normalCdf((blend - 0.5) / 0.1768);
}

/** The month's share of rainy days, interpolated between mid-months. */
function wetness(city: City, doy: number): number {
  const pos = ((doy - 15.5) / 30.44 + 12) % 12;
  const i = Math.floor(pos);
  const f = pos - i;
  return (city.wet[i % 12] ?? 0.3) * (1 - f) + (city.wet[(i + 1) % 12] ?? 0.3) * f;
}

function declination(doy: number): number {
  return 23.44 * Math.sin((2 * Math.PI * (284 + doy)) / 365);
}

/** Whether daylight saving time is on at the city on that day of the year (approximate rules). */
export function dstActive(city: City, doy: number): boolean {
  if (city.dst === 'eu') return doy >= 88 && doy < 300;
  if (city.dst === 'us') return doy >= 70 && doy < 308;
  if (city.dst === 'au') return doy >= 278 || doy < 96;
  return false;
}

/** The city's UTC offset in hours on a date. */
export function utcOffset(city: City, date: string): number {
  return city.utc + (dstActive(city, dayOfYear(date)) ? 1 : 0);
}

/** Sunrise and sunset in the city's local time (minutes after midnight). */
export function sunTimes(city: City, date: string): { sunrise: number; sunset: number } {
  const doy = dayOfYear(date);
  const decl = declination(doy) * RAD;
  const lat = city.lat * RAD;
  const cosH = (Math.sin(-0.833 * RAD) - Math.sin(lat) * Math.sin(decl)) / (Math.cos(lat) * Math.cos(decl));
  const halfDay = (Math.acos(Math.max(-1, Math.min(1, cosH))) / RAD) * 4;
  const b = (2 * Math.PI * (doy - 81)) / 364;
  const equationOfTime = 9.87 * Math.sin(2 * b) - 7.53 * Math.cos(b) - 1.5 * Math.sin(b);
  const noon = 720 - 4 * city.lon - equationOfTime + utcOffset(city, date) * 60;
  return { sunrise: Math.round(noon - halfDay), sunset: Math.round(noon + halfDay) };
}

function conditionFor(chance: number, mean: number, r: number, hazy: boolean): Condition {
  const cold = mean <= 1;
  if (chance >= 90) return cold ? 'Snow' : mean >= 22 ? 'Thunderstorms' : 'Heavy rain';
  if (chance >= 70) return cold ? 'Snow' : 'Rain';
  if (chance >= 50) return cold ? 'Light snow' : mean >= 20 && r > 0.5 ? 'Showers' : 'Light rain';
  if (chance >= 30) return 'Cloudy';
  if (hazy && r < 0.25) return 'Haze';
  if (chance >= 20) return 'Partly cloudy';
  if (chance >= 10) return 'Mostly sunny';
  return 'Sunny';
}

/** One day's forecast for a city (all numbers metric; see the file comment). */
export function forecastDay(seed: number, city: City, date: string): DayForecast {
  const day = dayNumber(date);
  const doy = dayOfYear(date);
  const mid = (city.jan + city.jul) / 2;
  // Coldest around 20 January, warmest around 22 July (the seasons lag the sun).
  const seasonal = mid + (city.jan - mid) * Math.cos((2 * Math.PI * (doy - 20)) / 365.25);
  const wet = wetness(city, doy);
  const spell = smooth(seed, city.id, day, 'rain');
  // A spell below the month's wetness is a rainy day (50 % and up).
  const raw = Math.round((50 + (wet - spell) * 120) / 10) * 10;
  const chanceOfRain = spell < wet ? Math.min(100, Math.max(50, raw)) : Math.max(0, Math.min(40, raw));
  const rainy = chanceOfRain / 100;
  const mean = seasonal + (smooth(seed, city.id, day, 'temp') - 0.5) * 6 - rainy * 1.5;
  const range = city.range * (1 - 0.45 * rainy) + (noise(seed, city.id, day, 'range') - 0.5) * 2;
  const winter = doy < 60 || doy > 310;
  const condition = conditionFor(chanceOfRain, mean, noise(seed, city.id, day, 'kind'), city.haze === true && winter);
  const zenith = Math.abs(city.lat - declination(doy));
  const uvClear = 12.5 * Math.pow(Math.max(0, Math.cos(zenith * RAD)), 2.5);
  const windKph = Math.round(6 + noise(seed, city.id, day, 'wind') * 16 + rainy * 8);
  return {
    date,
    condition,
    high: Math.round(mean + range / 2),
    low: Math.round(mean - range / 2),
    chanceOfRain,
    humidity: Math.max(
      20,
      Math.min(98, Math.round(40 + wet * 45 + rainy * 25 + (noise(seed, city.id, day, 'hum') - 0.5) * 10)),
    ),
    windKph,
    windDir: DIRS[Math.floor(noise(seed, city.id, day, 'dir') * DIRS.length)] ?? 'N',
    uvIndex: Math.max(0, Math.min(11, Math.round(uvClear * (1 - 0.75 * rainy) * (condition === 'Haze' ? 0.6 : 1)))),
    ...sunTimes(city, date),
  };
}

/** The share of the way from the day's low to its high at a local time (low at dawn, high mid-afternoon). */
function diurnal(minutes: number, sunrise: number): number {
  const h = minutes / 60;
  const dawn = sunrise / 60;
  if (h < dawn) return 0.5 * (1 + Math.cos((Math.PI * (h + 24 - 15)) / (dawn + 24 - 15)));
  if (h <= 15) return 0.5 * (1 - Math.cos((Math.PI * (h - dawn)) / (15 - dawn)));
  return 0.5 * (1 + Math.cos((Math.PI * (h - 15)) / (dawn + 24 - 15)));
}

/** Temperature (°C, one decimal) at a local time of a forecast day. */
export function temperatureAt(day: DayForecast, minutes: number): number {
  return Math.round((day.low + (day.high - day.low) * diurnal(minutes, day.sunrise)) * 10) / 10;
}

/** "Feels like": warmer when humid and hot, colder when windy and cold. */
export function feelsLike(temp: number, day: DayForecast): number {
  if (temp >= 26) return Math.round(temp + Math.max(0, day.humidity - 40) / 12);
  if (temp <= 10) return Math.round(temp - day.windKph / 8);
  return Math.round(temp);
}

export function isNight(day: DayForecast, minutes: number): boolean {
  return minutes < day.sunrise || minutes >= day.sunset;
}

/** The condition's night-time name where it differs ("Sunny" → "Clear"). */
export function conditionAt(day: DayForecast, minutes: number): string {
  if (!isNight(day, minutes)) return day.condition;
  if (day.condition === 'Sunny') return 'Clear';
  if (day.condition === 'Mostly sunny') return 'Mostly clear';
  return day.condition;
}

export function toUnit(celsius: number, unit: 'C' | 'F'): number {
  return unit === 'C' ? Math.round(celsius) : Math.round((celsius * 9) / 5 + 32);
}

export function uvLevel(uv: number): 'Low' | 'Moderate' | 'High' | 'Very high' | 'Extreme' {
  return uv <= 2 ? 'Low' : uv <= 5 ? 'Moderate' : uv <= 7 ? 'High' : uv <= 10 ? 'Very high' : 'Extreme';
}
