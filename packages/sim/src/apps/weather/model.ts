/**
 * Weather's state (the cities in the list, the city shown, the unit) and what a screen shows
 * for a city at a device time: the current conditions, today, the next days and the hours.
 * Days are the DEVICE's calendar days (tomorrow = the device's tomorrow); the time of day at
 * a city is its own local time.
 */
import { isoDate } from '../../phone/page/i18n.ts';
import { pick } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import { cityById } from './cities.ts';
import type { City } from './cities.ts';
import { conditionAt, feelsLike, forecastDay, temperatureAt, toUnit, utcOffset } from './forecast.ts';
import type { DayForecast } from './forecast.ts';

export type Unit = 'C' | 'F';

export interface WeatherData {
  /** The phone seed: the forecasts are a function of it. */
  seed: number;
  /** City ids in list order; the first is the phone's location. */
  cities: string[];
  current: string;
  unit: Unit;
}

export interface WeatherUi {
  search: string;
}

export type WeatherCtx = AppContext<WeatherData, WeatherUi>;

/** How many days the daily list shows (today included). */
export const DAYS = 10;

export function initialWeatherData(seed: SeedContext): WeatherData {
  const extra = pick(seed.rng, ['nanjing', 'hangzhou', 'guangzhou', 'shenzhen', 'chengdu', 'suzhou']);
  return { seed: seed.seed, cities: ['shanghai', 'beijing', extra], current: 'shanghai', unit: 'C' };
}

export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return isoDate(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n));
}

/** The city's local clock time (minutes after midnight) at a device instant. */
export function localMinutes(city: City, now: number, date: string): number {
  const utcMinutes = Math.floor(now / 60_000) + utcOffset(city, date) * 60;
  return ((utcMinutes % 1440) + 1440) % 1440;
}

export interface CurrentConditions {
  temperature: number;
  condition: string;
  feelsLike: number;
  /** Minutes after midnight at the city. */
  localTime: number;
}

export interface CityWeather {
  city: City;
  now: CurrentConditions;
  days: DayForecast[];
  /** The next 24 hours from the current one: local hour, °C, condition. */
  hours: Array<{ hour: number; temperature: number; condition: string; chanceOfRain: number }>;
}

/** Everything a city's screen shows at device time `now` (temperatures in °C). */
export function cityWeather(seed: number, city: City, now: number): CityWeather {
  const today = isoDate(new Date(now));
  const days: DayForecast[] = [];
  for (let i = 0; i < DAYS + 1; i++) days.push(forecastDay(seed, city, addDays(today, i)));
  const first = days[0] as DayForecast;
  const minutes = localMinutes(city, now, today);
  const temperature = temperatureAt(first, minutes);
  const hours: CityWeather['hours'] = [];
  const startHour = Math.floor(minutes / 60);
  for (let i = 0; i < 24; i++) {
    const total = startHour + i;
    const day = days[Math.floor(total / 24)] ?? first;
    const m = (total % 24) * 60;
    hours.push({
      hour: total % 24,
      temperature: i === 0 ? temperature : temperatureAt(day, m),
      condition: conditionAt(day, m),
      chanceOfRain: day.chanceOfRain,
    });
  }
  return {
    city,
    now: {
      temperature,
      condition: conditionAt(first, minutes),
      feelsLike: feelsLike(temperature, first),
      localTime: minutes,
    },
    days: days.slice(0, DAYS),
    hours,
  };
}

export function currentCity(data: WeatherData): City {
  return cityById(data.current) ?? cityById(data.cities[0] ?? 'shanghai') ?? (cityById('shanghai') as City);
}

export function hhmm(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Wind in the unit system of the temperature unit: km/h with °C, mph with °F. */
export function windSpeed(kph: number, unit: Unit): { value: number; unit: 'km/h' | 'mph' } {
  return unit === 'C' ? { value: kph, unit: 'km/h' } : { value: Math.round(kph / 1.609), unit: 'mph' };
}

function dayJson(day: DayForecast, unit: Unit): Record<string, unknown> {
  const wind = windSpeed(day.windKph, unit);
  return {
    date: day.date,
    condition: day.condition,
    high: toUnit(day.high, unit),
    low: toUnit(day.low, unit),
    chanceOfRain: day.chanceOfRain,
    humidity: day.humidity,
    wind: `${wind.value} ${wind.unit} ${day.windDir}`,
    uvIndex: day.uvIndex,
    sunrise: hhmm(day.sunrise),
    sunset: hhmm(day.sunset),
  };
}

/** `sim-state com.moba.weather`: the list, the unit, and the shown city's forecast as displayed. */
export function weatherState(data: WeatherData, now: number): unknown {
  const city = currentCity(data);
  const w = cityWeather(data.seed, city, now);
  const days = w.days.map((d) => dayJson(d, data.unit));
  return {
    cities: data.cities.map((id) => cityById(id)?.en ?? id),
    current: city.en,
    unit: data.unit,
    forecast: {
      city: city.en,
      now: {
        temperature: toUnit(w.now.temperature, data.unit),
        condition: w.now.condition,
        feelsLike: toUnit(w.now.feelsLike, data.unit),
        localTime: hhmm(w.now.localTime),
      },
      today: days[0],
      tomorrow: days[1],
      days,
    },
    // Today and tomorrow in every saved city, so a check can know what another city's screen says.
    cityForecasts: data.cities.flatMap((id) => {
      const c = cityById(id);
      if (!c) return [];
      const cw = cityWeather(data.seed, c, now);
      return [{ city: c.en, today: dayJson(cw.days[0]!, data.unit), tomorrow: dayJson(cw.days[1]!, data.unit) }];
    }),
  };
}
