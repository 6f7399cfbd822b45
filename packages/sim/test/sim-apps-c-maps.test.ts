/**
 * Maps (com.moba.maps) through the SimulatedDevice interface: search from the bar and a
 * category chip, filters, the results list scrolls; a place's page with a review written,
 * edited and deleted; lists (save, new, rename, remove, delete); "your location" behind the
 * system's permission dialog; directions by mode and navigation on the stepped device clock;
 * the map pans under a drag; a `geo:` intent; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { parseClockPolicy } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.maps';
const KEY = { BACK: 4, ENTER: 66 };

interface State {
  location: { x: number; y: number; address: string };
  home: { x: number; y: number; address: string } | null;
  places: Array<{ id: number; name: string; rating: number; count: number; openNow: boolean }>;
  reviews: Array<{ id: number; place: number; name: string; rating: number; text: string }>;
  lists: Array<{ id: number; name: string; kind: string; places: Array<{ id: number; name: string }> }>;
  searches: string[];
  trips: Array<{ from: unknown; to: unknown; mode: string }>;
  navigation: { to: unknown; toName: string; mode: string; route: number } | null;
  settings: { units: string };
}

let phone: SimulatedPhone;
useAppPhone({ seed: 8, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;
const ids = (xml: string, id: string): string[] =>
  parseDump(xml)
    .filter((n) => n.resourceId === `${PKG}:id/${id}`)
    .map((n) => n.text || n.contentDesc);

async function grantLocation(): Promise<void> {
  await tapOn(phone, { id: 'my_location' });
  await tapOn(phone, { id: 'com.android.permissioncontroller:id/permission_allow_foreground_only_button' });
}

describe('Maps', () => {
  it('searches from the bar: results sheet, open-now filter, sort by rating; the search is remembered', async () => {
    await tapOn(phone, { desc: 'Maps' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    await tapOn(phone, { id: 'search_bar' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SearchActivity' });
    await phone.text('coffee');
    await phone.keyevent(KEY.ENTER);
    let xml = await dump(phone);
    const cafes = (await state()).places.filter((p) =>
      ['Green Bowl Café', 'Luckin Coffee', 'Starbucks Reserve', 'Manner Coffee'].includes(p.name),
    );
    expect(requireNode(xml, { id: 'results_count' }).text).toBe('4 results');
    expect(ids(xml, 'place_name').sort()).toEqual(cafes.map((c) => c.name).sort());
    // The pins on the map are the results (content-desc = the name), nothing else.
    expect(ids(xml, 'map_pin').sort()).toEqual(cafes.map((c) => c.name).sort());
    await tapOn(phone, { id: 'sort_chip' });
    await tapOn(phone, { id: 'sort_rating' });
    xml = await dump(phone);
    const byRating = [...cafes].sort((a, b) => b.rating - a.rating || a.id - b.id).map((c) => c.name);
    expect(ids(xml, 'place_name')).toEqual(byRating);
    await tapOn(phone, { id: 'filter_open_now' });
    xml = await dump(phone);
    expect(ids(xml, 'place_name')).toEqual(byRating.filter((n) => cafes.find((c) => c.name === n)!.openNow));
    expect((await state()).searches[0]).toBe('coffee');
    await phone.keyevent(KEY.BACK);
    expect(findNode(await dump(phone), { id: 'results_sheet' })).toBeUndefined();
  });

  it('a category chip lists its places; the list scrolls; a place page shows hours, and a review is written, edited and deleted', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'chip_restaurant' });
    expect(requireNode(await dump(phone), { id: 'results_count' }).text).toBe('6 results');
    const row = await scrollTo(phone, { id: 'place_name', text: 'Green Garden Vegan' }, 8);
    await phone.tap(row.center.x, row.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PlaceActivity' });
    const before = (await state()).places.find((p) => p.id === 10)!;
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'place_title' }).text).toBe('Green Garden Vegan');
    expect(findNode(xml, { textStarts: '10:30' })).toBeDefined();

    await scrollTo(phone, { id: 'star_4' }, 6);
    await tapOn(phone, { id: 'star_4' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ReviewActivity' });
    await phone.text('Good tofu');
    await tapOn(phone, { id: 'post_review' });
    let s = await state();
    expect(s.reviews).toMatchObject([{ place: 10, name: 'Green Garden Vegan', rating: 4, text: 'Good tofu' }]);
    expect(s.places.find((p) => p.id === 10)!.count).toBe(before.count + 1);

    await scrollTo(phone, { id: 'edit_review' }, 6);
    await tapOn(phone, { id: 'edit_review' });
    await tapOn(phone, { id: 'star_2' });
    await phone.text(', slow service');
    await tapOn(phone, { id: 'post_review' });
    s = await state();
    expect(s.reviews).toMatchObject([{ place: 10, rating: 2, text: 'Good tofu, slow service' }]);

    await scrollTo(phone, { id: 'delete_review' }, 6);
    await tapOn(phone, { id: 'delete_review' });
    await tapOn(phone, { id: 'android:id/button1' });
    s = await state();
    expect(s.reviews).toEqual([]);
    expect(s.places.find((p) => p.id === 10)).toMatchObject({ count: before.count, rating: before.rating });
    xml = await dump(phone);
    expect(findNode(xml, { id: 'rate_stars' })).toBeDefined();
  });

  it('saves a place to a new list, renames the list, removes the place, deletes the list', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'chip_museum' });
    await tapOn(phone, { id: 'place_name', text: 'Shanghai Museum' });
    await tapOn(phone, { id: 'save_button' });
    await tapOn(phone, { id: 'new_list' });
    await phone.text('Rainy day');
    await tapOn(phone, { id: 'android:id/button1' });
    let s = await state();
    const list = s.lists.find((l) => l.name === 'Rainy day')!;
    expect(list).toMatchObject({ kind: 'custom', places: [{ id: 11, name: 'Shanghai Museum' }] });
    expect(requireNode(await dump(phone), { id: 'save_button' }).text).toBe('Saved');

    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { id: 'tab_saved' });
    await tapOn(phone, { id: 'list_name', text: 'Rainy day' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SavedListActivity' });
    await tapOn(phone, { desc: 'Rename' });
    await phone.text(' ideas');
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { desc: 'Remove Shanghai Museum' });
    s = await state();
    expect(s.lists.find((l) => l.id === list.id)).toMatchObject({ name: 'Rainy day ideas', places: [] });
    expect(requireNode(await dump(phone), { id: 'empty_view' })).toBeDefined();
    await tapOn(phone, { desc: 'Delete list' });
    await tapOn(phone, { id: 'android:id/button1' });
    s = await state();
    expect(s.lists.some((l) => l.id === list.id)).toBe(false);
    expect(s.lists.map((l) => l.kind)).toEqual(['favourites', 'want', 'starred', 'custom']);
  });

  it('your location waits for the permission; distances and directions by mode; navigation follows the stepped clock', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(findNode(await dump(phone), { id: 'my_location_dot' })).toBeUndefined();
    await grantLocation();
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'my_location_dot' }).contentDesc).toBe('Your location');
    await tapOn(phone, { id: 'chip_park' });
    xml = await dump(phone);
    // With the location known, each row starts with its distance.
    for (const n of parseDump(xml).filter((x) => x.resourceId === `${PKG}:id/place_status`))
      expect(n.text).toMatch(/^\d[\d.]* k?m · /);
    await tapOn(phone, { id: 'place_name', text: 'Century Park' });
    await tapOn(phone, { id: 'directions_button' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.DirectionsActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'to_field' }).text).toBe('Century Park');
    expect(requireNode(xml, { id: 'from_field' }).text).toBe('Your location');
    await tapOn(phone, { id: 'mode_transit' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'route_notes' }).text).toMatch(/Fare ¥[24]/);
    expect(requireNode(xml, { textStarts: 'Bus ' }).text).toMatch(/^Bus \d+ (east|west|north|south)bound|^Bus \d+ /);
    await tapOn(phone, { id: 'mode_walk' });
    await tapOn(phone, { id: 'start_navigation' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.NavigationActivity' });
    let s = await state();
    expect(s.navigation).toMatchObject({ to: 15, toName: 'Century Park', mode: 'walk' });
    expect(s.trips[0]).toMatchObject({ from: 'here', to: 15, mode: 'walk' });
    const minutes = (xml: string): number => {
      const m = /^(?:(\d+) h )?(\d+) min$/.exec(requireNode(xml, { id: 'time_left' }).text);
      return Number(m?.[1] ?? 0) * 60 + Number(m?.[2]);
    };
    xml = await dump(phone);
    const first = requireNode(xml, { id: 'current_instruction' }).text;
    const left = minutes(xml);
    phone.setClockPolicy(parseClockPolicy('stepped:120s'));
    await phone.keyevent(0);
    expect(minutes(await dump(phone))).toBe(left - 2);
    phone.setClockPolicy(parseClockPolicy('stepped:10800s'));
    await phone.keyevent(0);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'current_instruction' }).text).toBe('You have arrived at Century Park');
    expect(first).not.toBe('You have arrived at Century Park');
    await tapOn(phone, { id: 'exit_navigation' });
    s = await state();
    expect(s.navigation).toBeNull();
  });

  it('a drag pans the map by the distance the finger moved; zoom buttons', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const pin = (xml: string) => requireNode(xml, { id: 'map_poi', desc: 'People’s Park' });
    const before = pin(await dump(phone));
    await phone.swipe(300, 900, 500, 1000, 400);
    const after = pin(await dump(phone));
    expect(after.center.x - before.center.x).toBeGreaterThan(150);
    expect(after.center.y - before.center.y).toBeGreaterThan(60);
    await tapOn(phone, { id: 'zoom_in' });
    const zoomed = pin(await dump(phone));
    expect(zoomed.center).not.toEqual(after.center);
  });

  it('a geo: intent opens a search; Chinese', async () => {
    await phone.startActivity({ action: 'android.intent.action.VIEW', data: 'geo:0,0?q=hospital' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'results_count' }).text).toBe('3 results');
    expect((await state()).searches[0]).toBe('hospital');
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    xml = await dump(phone);
    expect(requireNode(xml, { text: '探索' })).toBeDefined();
    expect(requireNode(xml, { id: 'results_count' }).text).toBe('3 个结果');
  });
});
