import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import { cityById, searchCities } from './cities.ts';
import type { City } from './cities.ts';
import { forecastDay, sunTimes, toUnit, utcOffset } from './forecast.ts';
import { addDays, cityWeather, initialWeatherData, weatherState } from './model.ts';

const city = (id: string): City => cityById(id) as City;
const year = (seed: number, id: string) =>
  Array.from({ length: 365 }, (_, i) => forecastDay(seed, city(id), addDays('2025-01-01', i)));

describe('weather forecast', () => {
  it('is a pure function of seed, city and date', () => {
    expect(forecastDay(3, city('shanghai'), '2025-06-03')).toEqual(forecastDay(3, city('shanghai'), '2025-06-03'));
    const a = year(3, 'shanghai').map((d) => `${d.condition}${d.high}${d.low}`);
    const b = year(4, 'shanghai').map((d) => `${d.condition}${d.high}${d.low}`);
    expect(a).not.toEqual(b);
  });

  it('puts sunrise and sunset where the sun does (within a few minutes)', () => {
    const near = (minutes: number, hhmm: string): void => {
      const [h, m] = hhmm.split(':').map(Number);
      expect(Math.abs(minutes - ((h ?? 0) * 60 + (m ?? 0)))).toBeLessThanOrEqual(4);
    };
    near(sunTimes(city('shanghai'), '2025-06-02').sunrise, '04:50');
    near(sunTimes(city('shanghai'), '2025-06-02').sunset, '18:56');
    near(sunTimes(city('beijing'), '2025-12-21').sunrise, '07:33');
    near(sunTimes(city('london'), '2025-06-21').sunset, '21:21');
    expect(utcOffset(city('london'), '2025-06-21')).toBe(1);
    expect(utcOffset(city('london'), '2025-01-10')).toBe(0);
  });

  it('follows each climate: seasons, rainy days, dry deserts', () => {
    const mean = (days: ReturnType<typeof year>, from: number, to: number): number =>
      days.slice(from, to).reduce((s, d) => s + (d.high + d.low) / 2, 0) / (to - from);
    const harbin = year(1, 'harbin');
    expect(mean(harbin, 0, 31)).toBeLessThan(-12);
    expect(mean(harbin, 181, 212)).toBeGreaterThan(19);
    const dubai = year(1, 'dubai');
    expect(mean(dubai, 181, 212)).toBeGreaterThan(31);
    expect(dubai.filter((d) => d.chanceOfRain >= 50).length).toBeLessThan(15);
    const shanghai = year(1, 'shanghai').filter((d) => d.chanceOfRain >= 50).length;
    expect(shanghai).toBeGreaterThan(80);
    expect(shanghai).toBeLessThan(170);
    expect(
      year(1, 'beijing')
        .slice(0, 40)
        .some(
          (d) =>
            d.condition === 'Haze' || d.condition.includes('snow') || d.condition === 'Snow' || d.condition === 'Sunny',
        ),
    ).toBe(true);
    for (const d of year(2, 'nanjing')) {
      expect(d.high).toBeGreaterThanOrEqual(d.low);
      expect(d.chanceOfRain % 10).toBe(0);
    }
  });

  it('starts the days at the device date, so tomorrow moves with the clock', () => {
    const now = new Date(2025, 5, 2, 9, 0).getTime();
    const w = cityWeather(11, city('shanghai'), now);
    expect(w.days.map((d) => d.date).slice(0, 2)).toEqual(['2025-06-02', '2025-06-03']);
    expect(w.hours).toHaveLength(24);
    const later = cityWeather(11, city('shanghai'), new Date(2025, 5, 3, 9, 0).getTime());
    expect(later.days[0]).toEqual(w.days[1]);
    const data = initialWeatherData({ seed: 11, rng: mulberry32(11), now });
    const state = weatherState({ ...data, unit: 'F' }, now) as {
      forecast: { tomorrow: { date: string; high: number } };
    };
    expect(state.forecast.tomorrow).toMatchObject({ date: '2025-06-03', high: toUnit(w.days[1]!.high, 'F') });
  });

  it("reports today and tomorrow of every saved city, as each city's own screen would show them", () => {
    const now = Date.UTC(2025, 5, 2, 1, 0);
    const data = initialWeatherData({ seed: 7, rng: mulberry32(7), now });
    const state = weatherState(data, now) as {
      cities: string[];
      cityForecasts: Array<{ city: string; tomorrow: { high: number } }>;
    };
    expect(state.cityForecasts.map((c) => c.city)).toEqual(state.cities);
    const beijing = state.cityForecasts.find((c) => c.city === 'Beijing')!;
    const switched = weatherState({ ...data, current: 'beijing' }, now) as {
      forecast: { tomorrow: unknown; today: unknown };
    };
    expect(beijing).toEqual({ city: 'Beijing', today: switched.forecast.today, tomorrow: switched.forecast.tomorrow });
  });

  it('finds cities by English or Chinese name', () => {
    expect(searchCities('nanj').map((c) => c.id)[0]).toBe('nanjing');
    expect(searchCities('南京')[0]?.en).toBe('Nanjing');
    expect(searchCities('xian')[0]?.id).toBe('xian');
    expect(searchCities('zzzz')).toEqual([]);
  });
});
