/**
 * Weather (com.moba.weather) through the SimulatedDevice interface: today and tomorrow from
 * the device clock, the ten-day list and a day's page, switching / adding / removing cities,
 * °C / °F, Chinese and dark mode, and determinism (same seed → same forecast and screen,
 * another seed → another forecast) with phones sharing one Chromium.
 */
import { describe, expect, it } from 'vitest';
import { createSimulatedPhone } from '../src/index.ts';
import type { SharedBrowser, SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, tapOn } from '../src/testing/device-driver.ts';
import { closeTo, decodePng, fractionOfColor, hexRgb, parseDump, pixel, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.weather';
const KEY = { BACK: 4 };

interface DayState {
  date: string;
  condition: string;
  high: number;
  low: number;
  chanceOfRain: number;
  humidity: number;
  wind: string;
  uvIndex: number;
  sunrise: string;
  sunset: string;
}
interface WeatherState {
  cities: string[];
  current: string;
  unit: 'C' | 'F';
  forecast: {
    city: string;
    now: { temperature: number; condition: string; feelsLike: number; localTime: string };
    today: DayState;
    tomorrow: DayState;
    days: DayState[];
  };
}

let browser: SharedBrowser;
let phone: SimulatedPhone;
useAppPhone({ seed: 11, freezeClock: true, ownBrowser: true }, (t) => {
  phone = t.phone;
  browser = t.browser!;
});

async function weather(p: SimulatedPhone = phone): Promise<WeatherState> {
  return (await p.state(PKG)) as WeatherState;
}

function texts(xml: string, id: string): string[] {
  return parseDump(xml)
    .filter((n) => n.resourceId === `${PKG}:id/${id}`)
    .map((n) => n.text);
}

describe('Weather', () => {
  it("shows now, today and the device's tomorrow as sim-state reports them; the clock moves the days", async () => {
    await tapOn(phone, { desc: 'Weather' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    const state = await weather();
    expect(state).toMatchObject({
      cities: ['Shanghai', 'Beijing', expect.any(String)],
      current: 'Shanghai',
      unit: 'C',
    });
    expect(state.forecast.today.date).toBe('2025-06-02');
    expect(state.forecast.tomorrow.date).toBe('2025-06-03');
    expect(state.forecast.days).toHaveLength(10);
    expect(state.forecast.now.localTime).toBe('09:00');
    const { today, tomorrow } = state.forecast;
    expect(today.high).toBeGreaterThan(today.low);
    expect(today.high).toBeGreaterThan(18);
    expect(today.high).toBeLessThan(38);
    expect(today.sunrise).toMatch(/^04:(4\d|5\d)$/);

    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'current_temp' }).text).toBe(`${state.forecast.now.temperature}°`);
    expect(requireNode(xml, { id: 'current_condition' }).text).toBe(state.forecast.now.condition);
    expect(requireNode(xml, { id: 'high_low' }).text).toBe(`H:${today.high}° L:${today.low}°`);
    expect(texts(xml, 'day_name').slice(0, 3)).toEqual(['Today', 'Tomorrow', 'Wed']);
    expect(texts(xml, 'day_condition').slice(0, 2)).toEqual([today.condition, tomorrow.condition]);
    expect(texts(xml, 'day_high').slice(0, 2)).toEqual([`${today.high}°`, `${tomorrow.high}°`]);
    const row = requireNode(xml, { descStarts: 'Tomorrow: ' });
    expect(row.contentDesc).toBe(
      `Tomorrow: ${tomorrow.condition}, high ${tomorrow.high}°, low ${tomorrow.low}°, ${tomorrow.chanceOfRain}% chance of rain`,
    );
    expect(row.attrs.clickable).toBe('true');

    phone.setClock(phone.now() + 24 * 3600_000);
    const next = await weather();
    expect(next.forecast.today).toEqual(tomorrow);
    xml = await dump(phone);
    expect(texts(xml, 'day_name').slice(0, 2)).toEqual(['Today', 'Tomorrow']);
    expect(texts(xml, 'day_condition')[0]).toBe(tomorrow.condition);
    expect(texts(xml, 'day_high')[0]).toBe(`${tomorrow.high}°`);
  });

  it("opens a day's page with its details", async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const { tomorrow } = (await weather()).forecast;
    await tapOn(phone, { descStarts: 'Tomorrow: ' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.DetailActivity' });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'detail_date' }).text).toBe('Tuesday, June 3');
    expect(requireNode(xml, { id: 'detail_condition' }).text).toBe(tomorrow.condition);
    expect(requireNode(xml, { id: 'rain_value' }).text).toBe(`${tomorrow.chanceOfRain}%`);
    expect(requireNode(xml, { id: 'wind_value' }).text).toBe(tomorrow.wind);
    expect(requireNode(xml, { id: 'detail_summary' }).text).toContain(`High ${tomorrow.high}°, low ${tomorrow.low}°`);
    const [h, m] = tomorrow.sunrise.split(':').map(Number);
    expect(requireNode(xml, { id: 'sunrise_value' }).text).toBe(`${h}:${String(m).padStart(2, '0')} AM`);
  });

  it('switches city (swipe, list), adds one by search, removes one after confirming', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await phone.swipe(900, 1700, 150, 1720, 300);
    expect((await weather()).current).toBe('Beijing');
    expect(requireNode(await dump(phone), { text: 'Beijing' }).className).toBe('android.widget.TextView');
    await phone.swipe(150, 1700, 900, 1700, 300);
    expect((await weather()).current).toBe('Shanghai');
    await tapOn(phone, { desc: 'Manage cities' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.CityListActivity' });
    let xml = await dump(phone);
    const selected = requireNode(xml, { id: 'city_item' });
    expect(selected.attrs.selected).toBe('true');
    const image = await decodePng(await phone.screencap());
    expect(
      fractionOfColor(
        image,
        { ...selected.bounds, left: selected.bounds.left + 30, right: selected.bounds.right - 30 },
        hexRgb('#d6e3ff'),
      ),
    ).toBeGreaterThan(0.5);
    expect(closeTo(pixel(image, selected.center.x, selected.bounds.bottom + 4), hexRgb('#d6e3ff'))).toBe(false);
    await tapOn(phone, { text: 'Beijing' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    expect((await weather()).current).toBe('Beijing');
    expect(requireNode(await dump(phone), { text: 'Beijing' })).toBeDefined();

    await tapOn(phone, { desc: 'Manage cities' });
    await tapOn(phone, { desc: 'Add city' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.CitySearchActivity' });
    expect(requireNode(await dump(phone), { id: 'search_src_text' }).attrs.focused).toBe('true');
    await phone.text('tok');
    xml = await dump(phone);
    expect(texts(xml, 'city_name')).toEqual(['Tokyo']);
    expect(requireNode(xml, { id: 'city_region' }).text).toBe('Japan');
    await tapOn(phone, { text: 'Tokyo' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    let state = await weather();
    expect(state.cities.at(-1)).toBe('Tokyo');
    expect(state.current).toBe('Tokyo');
    expect(state.forecast.city).toBe('Tokyo');
    expect(state.forecast.now.localTime).toBe('10:00');

    await tapOn(phone, { desc: 'Manage cities' });
    await tapOn(phone, { desc: 'Remove Tokyo' });
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe('Remove Tokyo from your list?');
    await tapOn(phone, { id: 'android:id/button1' });
    state = await weather();
    expect(state.cities).not.toContain('Tokyo');
    expect(state.current).toBe('Shanghai');
    await phone.keyevent(KEY.BACK);
    expect(requireNode(await dump(phone), { id: 'location_label' }).text).toBe('Current location');
  });

  it('switches to Fahrenheit in settings', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const celsius = await weather();
    await tapOn(phone, { desc: 'Settings' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SettingsActivity' });
    expect(requireNode(await dump(phone), { text: 'Celsius (°C)' }).resourceId).toBe('android:id/summary');
    await tapOn(phone, { text: 'Temperature unit' });
    await tapOn(phone, { text: 'Fahrenheit (°F)' });
    expect(requireNode(await dump(phone), { text: 'Fahrenheit (°F)' }).resourceId).toBe('android:id/summary');
    await phone.keyevent(KEY.BACK);
    const f = await weather();
    expect(f.unit).toBe('F');
    const toF = (c: number): number => Math.round((c * 9) / 5 + 32);
    expect(f.forecast.today.high).toBe(toF(celsius.forecast.today.high));
    expect(f.forecast.tomorrow.low).toBe(toF(celsius.forecast.tomorrow.low));
    expect(f.forecast.today.wind).toMatch(/ mph /);
    expect(requireNode(await dump(phone), { id: 'high_low' }).text).toBe(
      `H:${f.forecast.today.high}° L:${f.forecast.today.low}°`,
    );
  });

  it('speaks Chinese and draws dark', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.putSetting('secure', 'ui_night_mode', '2');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const xml = await dump(phone);
    expect(requireNode(xml, { text: '上海' })).toBeDefined();
    expect(requireNode(xml, { id: 'location_label' }).text).toBe('当前位置');
    expect(texts(xml, 'day_name').slice(0, 3)).toEqual(['今天', '明天', '周三']);
    for (const text of texts(xml, 'day_condition')) expect(text).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(requireNode(xml, { id: 'feels_like' }).text).toMatch(/^体感温度 -?\d+°$/);
    expect(requireNode(xml, { id: 'action_cities' }).contentDesc).toBe('管理城市');
    const image = await decodePng(await phone.screencap());
    expect(closeTo(pixel(image, 20, 700), hexRgb('#121316'))).toBe(true);
  });

  it("does the cross-app task: reads tomorrow's weather from the screen and writes it into a note", async () => {
    await tapOn(phone, { desc: 'Weather' });
    const row = requireNode(await dump(phone), { descStarts: 'Tomorrow: ' });
    const summary = row.contentDesc.replace(/^Tomorrow: /, '');
    await phone.keyevent(3);
    await tapOn(phone, { desc: 'Notes' });
    await tapOn(phone, { desc: 'New note' });
    await phone.text(`Tomorrow in Shanghai: ${summary}`);
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    const { tomorrow } = (await weather()).forecast;
    const notes = ((await phone.state('com.moba.notes')) as { notes: Array<{ body: string }> }).notes;
    expect(notes.at(-1)?.body).toBe(
      `Tomorrow in Shanghai: ${tomorrow.condition}, high ${tomorrow.high}°, low ${tomorrow.low}°, ${tomorrow.chanceOfRain}% chance of rain`,
    );
  });

  it('is the same for the same seed and different for another seed; reset restores it', async () => {
    const other = await createSimulatedPhone({ seed: 11, browser, freezeClock: true });
    const third = await createSimulatedPhone({ seed: 12, browser, freezeClock: true });
    try {
      for (const p of [phone, other, third]) await p.startActivity({ component: `${PKG}/.MainActivity` });
      const [a, b, c] = [await weather(), await weather(other), await weather(third)];
      expect(b).toEqual(a);
      expect(await dump(other)).toBe(await dump(phone));
      expect(c.forecast.days.map((d) => [d.condition, d.high, d.low])).not.toEqual(
        a.forecast.days.map((d) => [d.condition, d.high, d.low]),
      );
      expect(c.forecast.today.sunrise).toBe(a.forecast.today.sunrise);

      await tapOn(phone, { desc: 'Settings' });
      await tapOn(phone, { text: 'Temperature unit' });
      await tapOn(phone, { text: 'Fahrenheit (°F)' });
      expect((await weather()).unit).toBe('F');
      await phone.reset();
      expect(await weather()).toEqual(a);
    } finally {
      await other.close();
      await third.close();
    }
  });
});
