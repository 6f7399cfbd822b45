/**
 * Weather (com.moba.weather/.MainActivity): the shown city's conditions now, the next hours,
 * ten days and the day's details; a day's page (.DetailActivity); managing cities
 * (.CityListActivity: switch, remove) and adding them by search (.CitySearchActivity); the
 * °C / °F setting (.SettingsActivity). Forecasts are a pure function of the phone seed, the
 * city and the device's date, so they are the same on every run and change with the clock.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { CITIES_ACTIVITY, DETAIL_ACTIVITY, SETTINGS_ACTIVITY, detailScreen, mainScreen } from './main.ts';
import { SEARCH_ACTIVITY, citiesScreen, removeCityDialog, searchScreen } from './manage.ts';
import { initialWeatherData, weatherState } from './model.ts';
import type { WeatherCtx, WeatherData, WeatherUi } from './model.ts';
import { settingsScreen, unitDialog } from './settings.ts';
import { WEATHER_CSS } from './weather-css.ts';
import { WEATHER_STRINGS } from './strings.ts';

export const weatherApp = defineApp<WeatherData, WeatherUi>({
  packageName: 'com.moba.weather',
  icon: { bg: '#4fa3f7', fg: '#ffffff', glyph: 'weather' },
  strings: WEATHER_STRINGS,
  css: WEATHER_CSS,
  initialData: initialWeatherData,
  initialUi: () => ({ search: '' }),
  launch(ctx: WeatherCtx, request, resuming): Route[] | null {
    const main: Route = { screen: 'main' };
    const activity = request.activity;
    if (activity.endsWith(CITIES_ACTIVITY.slice(1))) return [main, { screen: 'cities', activity: CITIES_ACTIVITY }];
    if (activity.endsWith(SEARCH_ACTIVITY.slice(1))) {
      ctx.ui.search = '';
      return [main, { screen: 'cities', activity: CITIES_ACTIVITY }, { screen: 'search', activity: SEARCH_ACTIVITY }];
    }
    if (activity.endsWith(SETTINGS_ACTIVITY.slice(1)))
      return [main, { screen: 'settings', activity: SETTINGS_ACTIVITY }];
    if (activity.endsWith(DETAIL_ACTIVITY.slice(1))) {
      const date = request.extras?.date;
      return [main, { screen: 'detail', params: typeof date === 'string' ? { date } : {}, activity: DETAIL_ACTIVITY }];
    }
    return resuming ? null : [main];
  },
  screens: {
    main: mainScreen,
    detail: detailScreen,
    cities: citiesScreen,
    search: searchScreen,
    settings: settingsScreen,
  },
  dialogs: { 'remove-city': removeCityDialog, unit: unitDialog },
  onBack(ctx) {
    if (ctx.route.screen === 'search') ctx.ui.search = '';
    return false;
  },
  // The page's Date is the device clock, so this reports what the screen shows right now.
  publicState: (data) => weatherState(data, Date.now()),
});
