/**
 * Railway (com.moba.railway) driven through the SimulatedDevice interface like an agent:
 * station pickers with search, the date picker on the device clock, results, G104's full
 * timetable through Nanjing South, booking for a saved and a new passenger, cancelling,
 * intents, Chinese, reset and determinism.
 */
import { describe, expect, it } from 'vitest';
import { createSimulatedPhone } from '../src/index.ts';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { decodePng, findNode, fractionOfColor, hexRgb, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.railway';

interface Order {
  id: string;
  train: string;
  date: string;
  from: string;
  to: string;
  fromStation: string;
  toStation: string;
  depart: string;
  arrive: string;
  seatClass: string;
  passengers: string[];
  tickets: Array<{ name: string; car: number; seat: string }>;
  price: number;
  total: number;
  status: string;
}

interface RailState {
  form: { from: string; to: string; date: string | null; highSpeedOnly: boolean };
  searches: Array<{ from: string; to: string; date: string }>;
  lastSearch: { from: string; to: string; date: string } | null;
  passengers: Array<{ id: number; name: string; idNumber: string; phone: string; type: string }>;
  orders: Order[];
}

let phone: SimulatedPhone;
useAppPhone({ seed: 11 }, (t) => (phone = t.phone));

async function state(p: SimulatedPhone = phone): Promise<RailState> {
  return (await p.state(PKG)) as RailState;
}

async function launch(p: SimulatedPhone = phone): Promise<void> {
  await p.startActivity({ component: `${PKG}/.MainActivity` });
}

const texts = (xml: string, id: string): string[] =>
  parseDump(xml)
    .filter((n) => n.resourceId === `${PKG}:id/${id}`)
    .map((n) => n.text);

/** Opens G104 from a Shanghai → Beijing search on Wednesday 4 June (the device's today is Mon 2 June). */
async function openG104(): Promise<void> {
  await phone.startActivity({
    component: `${PKG}/.MainActivity`,
    extras: { from: 'Shanghai', to: 'Beijing', date: '2025-06-04' },
  });
  await tapOn(phone, { text: 'G104', id: 'train_number' });
}

describe('Railway', () => {
  it('searches with the station pickers and the date picker, which starts at the device clock', async () => {
    await launch();
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { text: 'Railway' })).toBeDefined();
    expect(requireNode(xml, { id: 'from_station' }).text).toBe('Shanghai');
    expect(requireNode(xml, { id: 'to_station' }).text).toBe('Beijing');
    expect(requireNode(xml, { id: 'travel_date_day' }).text).toBe('Jun 2');
    expect(requireNode(xml, { id: 'travel_date_weekday' }).text).toBe('Mon · Today');

    await tapOn(phone, { id: 'to_station' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.StationSelectActivity' });
    expect(await phone.keyboardShown()).toBe(true);
    expect(requireNode(await dump(phone), { id: 'station_search' }).className).toBe('android.widget.EditText');
    await phone.text('nj');
    xml = await dump(phone);
    expect(texts(xml, 'city_name')).toEqual(['Nanjing']);
    await tapOn(phone, { text: 'Nanjing', id: 'city_name' });
    await tapOn(phone, { id: 'from_station' });
    await phone.text('苏州');
    await phone.keyevent(66);
    await tapOn(phone, { id: 'swap_stations' });
    xml = await dump(phone);
    expect([requireNode(xml, { id: 'from_station' }).text, requireNode(xml, { id: 'to_station' }).text]).toEqual([
      'Nanjing',
      'Suzhou',
    ]);
    await tapOn(phone, { id: 'from_station' });
    await tapOn(phone, { text: 'Shanghai', id: 'hot_city' });
    await tapOn(phone, { id: 'to_station' });
    await tapOn(phone, { text: 'Beijing', id: 'hot_city' });

    await tapOn(phone, { id: 'travel_date' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.DateSelectActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { desc: '01 June 2025' }).attrs.enabled).toBe('false');
    expect(requireNode(xml, { desc: '02 June 2025' }).attrs.checked).toBe('true');
    expect(requireNode(xml, { desc: '16 June 2025' }).attrs.enabled).toBe('true');
    expect(requireNode(xml, { desc: '17 June 2025' }).attrs.enabled).toBe('false');
    // A day not on sale cannot be picked.
    await tapOn(phone, { desc: '20 June 2025' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.DateSelectActivity' });
    await tapOn(phone, { desc: '04 June 2025' });
    expect(requireNode(await dump(phone), { id: 'travel_date_weekday' }).text).toBe('Wed');
    await tapOn(phone, { id: 'search_button' });

    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TrainListActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'results_date' }).text).toBe('Wed, Jun 4');
    const codes = texts(xml, 'train_number');
    expect(codes).toContain('G104');
    const g104 = requireNode(xml, { text: 'G104', id: 'train_number' });
    expect(g104.className).toBe('android.widget.TextView');
    const departs = texts(xml, 'depart_time');
    expect(departs).toEqual([...departs].sort());
    expect((await state()).lastSearch).toEqual({ from: 'shanghai', to: 'beijing', date: '2025-06-04' });

    await tapOn(phone, { id: 'sort_duration' });
    await tapOn(phone, { id: 'filter_high_speed' });
    xml = await dump(phone);
    expect(texts(xml, 'train_number').every((c) => c.startsWith('G') || c.startsWith('D'))).toBe(true);
    await tapOn(phone, { id: 'next_day' });
    expect(requireNode(await dump(phone), { id: 'results_date' }).text).toBe('Thu, Jun 5');
    expect((await state()).searches.slice(0, 2)).toEqual([
      { from: 'shanghai', to: 'beijing', date: '2025-06-05' },
      { from: 'shanghai', to: 'beijing', date: '2025-06-04' },
    ]);
  });

  it("shows all of G104's stops with times, Nanjing South included, and its fares", async () => {
    await openG104();
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TrainDetailActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'header_depart_time' }).text).toBe('06:50');
    expect(requireNode(xml, { id: 'header_arrive_time' }).text).toBe('12:03');
    expect(requireNode(xml, { id: 'header_duration' }).text).toBe('5h 13m');
    const seats = parseDump(xml)
      .filter((n) => n.resourceId === `${PKG}:id/seat_price`)
      .map((n) => n.text);
    expect(seats).toEqual(['¥1748', '¥933', '¥553']);
    // The boarding station's row is highlighted, in exactly the rectangle the dump reports.
    const first = requireNode(xml, { id: 'stop_item' });
    expect(first.attrs.selected).toBe('true');
    const png = await decodePng(await phone.screencap());
    expect(fractionOfColor(png, first.bounds, hexRgb('#fff4e5'), 4)).toBeGreaterThan(0.6);
    expect(
      fractionOfColor(
        png,
        { ...first.bounds, top: first.bounds.top - 12, bottom: first.bounds.top - 2 },
        hexRgb('#fff4e5'),
        4,
      ),
    ).toBeLessThan(0.2);

    await scrollTo(phone, { text: 'Beijing South', id: 'stop_station' });
    xml = await dump(phone);
    const rows = parseDump(xml).filter((n) => n.resourceId === `${PKG}:id/stop_item`);
    const stops = rows.map((row) => {
      const inside = parseDump(xml).filter(
        (n) => n.bounds.top >= row.bounds.top && n.bounds.bottom <= row.bounds.bottom && n.depth > row.depth,
      );
      const get = (id: string): string => inside.find((n) => n.resourceId === `${PKG}:id/${id}`)?.text ?? '';
      return [get('stop_station'), get('stop_arrive'), get('stop_depart')];
    });
    expect(stops).toEqual([
      ['Shanghai Hongqiao', '----', '06:50'],
      ['Suzhou North', '07:13', '07:15'],
      ['Nanjing South', '08:01', '08:04'],
      ['Xuzhou East', '09:17', '09:19'],
      ['Jinan West', '10:21', '10:24'],
      ['Tianjin South', '11:26', '11:28'],
      ['Beijing South', '12:03', '----'],
    ]);
  });

  it('edits a saved passenger and removes one after confirming; the account holder stays', async () => {
    await launch();
    await tapOn(phone, { id: 'tab_me' });
    const [holder, second] = (await state()).passengers;
    await tapOn(phone, { id: 'passenger_name', text: second!.name });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PassengerEditActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { text: 'Edit passenger' })).toBeDefined();
    expect(requireNode(xml, { id: 'edit_id_number' }).text).toBe(second!.idNumber);
    await tapOn(phone, { id: 'edit_phone' });
    for (let i = 0; i < 11; i++) await phone.keyevent(67);
    await phone.text('13900001111');
    await phone.keyevent(4);
    await tapOn(phone, { id: 'type_child' });
    await tapOn(phone, { id: 'save_passenger' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    let s = await state();
    expect(s.passengers).toHaveLength(2);
    expect(s.passengers[1]).toEqual({ ...second, phone: '13900001111', type: 'child' });

    await tapOn(phone, { id: 'passenger_name', text: holder!.name });
    await tapOn(phone, { id: 'delete_passenger' });
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe(
      `Remove ${holder!.name} from your passengers?`,
    );
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).passengers).toHaveLength(2);
    await phone.keyevent(4);

    await tapOn(phone, { id: 'passenger_name', text: second!.name });
    await tapOn(phone, { id: 'delete_passenger' });
    await tapOn(phone, { id: 'android:id/button2' });
    expect((await state()).passengers).toHaveLength(2);
    await tapOn(phone, { id: 'delete_passenger' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    s = await state();
    expect(s.passengers.map((p) => p.name)).toEqual([holder!.name]);
    xml = await dump(phone);
    expect(findNode(xml, { id: 'passenger_name', text: second!.name })).toBeUndefined();
  });

  it('books G104 for a saved passenger and a new one, pays, and cancels the order', async () => {
    await openG104();
    await tapOn(phone, { id: 'book_second' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BookingActivity' });
    const holder = (await state()).passengers[0]?.name ?? '';
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'passenger_option', text: holder }).attrs.checked).toBe('true');
    expect(requireNode(xml, { id: 'seat_option', textStarts: 'Second class' }).attrs.checked).toBe('true');
    expect(requireNode(xml, { id: 'total_price' }).text).toBe('¥553');

    await tapOn(phone, { id: 'add_passenger' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PassengerEditActivity' });
    expect(await phone.keyboardShown()).toBe(true);
    await phone.text('Wang Xiaoming');
    await tapOn(phone, { id: 'edit_id_number' });
    await phone.text('12345');
    await tapOn(phone, { id: 'save_passenger' });
    expect(requireNode(await dump(phone), { id: 'passenger_error' }).text).toBe('Enter a valid 18-character ID number');
    for (let i = 0; i < 5; i++) await phone.keyevent(67);
    await phone.text('11010519491231002X');
    // BACK first hides the keyboard, which covers the lower half of the form.
    await phone.keyevent(4);
    expect(await phone.keyboardShown()).toBe(false);
    await tapOn(phone, { id: 'type_student' });
    await tapOn(phone, { id: 'save_passenger' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BookingActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'passenger_option', text: 'Wang Xiaoming' }).attrs.checked).toBe('true');
    expect(requireNode(xml, { id: 'total_price' }).text).toBe('¥1106');

    const submit = await scrollTo(phone, { id: 'submit_order' });
    await phone.tap(submit.center.x, submit.center.y);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'android:id/alertTitle' }).text).toBe('Confirm booking');
    expect(requireNode(xml, { id: 'android:id/message' }).text).toContain('Shanghai Hongqiao → Beijing South');
    const pay = requireNode(xml, { id: 'android:id/button1' });
    expect(pay.text).toBe('Pay ¥1106');
    await phone.tap(pay.center.x, pay.center.y);

    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.OrderDetailActivity' });
    const s = await state();
    expect(s.passengers.at(-1)).toMatchObject({
      name: 'Wang Xiaoming',
      idNumber: '11010519491231002X',
      type: 'student',
    });
    const order = s.orders[0];
    expect(order).toMatchObject({
      train: 'G104',
      date: '2025-06-04',
      from: 'shanghai',
      to: 'beijing',
      fromStation: 'SHH',
      toStation: 'BJS',
      depart: '06:50',
      arrive: '12:03',
      seatClass: 'second',
      passengers: [holder, 'Wang Xiaoming'],
      price: 553,
      total: 1106,
      status: 'paid',
    });
    expect(order?.id).toMatch(/^E\d{9}$/);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'order_status' }).text).toBe('Paid');
    expect(texts(xml, 'ticket_seat').every((t) => /^Second class · Car \d\d, Seat \d\d[ABCDF]$/.test(t))).toBe(true);

    const cancel = await scrollTo(phone, { id: 'cancel_order' });
    await phone.tap(cancel.center.x, cancel.center.y);
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe(
      'Your tickets for G104 on Wed, Jun 4 will be cancelled and ¥1106 refunded.',
    );
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).orders[0]?.status).toBe('cancelled');
    expect(requireNode(await dump(phone), { id: 'order_status' }).text).toBe('Cancelled');
    await phone.keyevent(4);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'tab_orders' }).attrs.selected).toBe('true');
    expect(texts(xml, 'order_status')).toEqual(['Cancelled', 'Paid']);
  });

  it('follows the device clock: departed trains, bookable days and past orders', async () => {
    phone.setClock(new Date('2025-06-05T08:00:00+08:00').getTime());
    await launch();
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'travel_date_day' }).text).toBe('Jun 5');
    await tapOn(phone, { id: 'search_button' });
    xml = await dump(phone);
    const g104 = requireNode(xml, { text: 'G104', id: 'train_number' });
    const item = parseDump(xml).find(
      (n) =>
        n.resourceId === `${PKG}:id/train_item` &&
        n.bounds.top <= g104.bounds.top &&
        n.bounds.bottom >= g104.bounds.bottom,
    );
    const status = parseDump(xml).find(
      (n) =>
        n.resourceId === `${PKG}:id/train_status` &&
        item &&
        n.bounds.top >= item.bounds.top &&
        n.bounds.bottom <= item.bounds.bottom,
    );
    expect(status?.text).toBe('Departed');
    expect(requireNode(xml, { id: 'prev_day' }).attrs.enabled).toBe('false');

    // The seeded upcoming trip (to Hangzhou on 5 June) has left by the evening: no cancelling.
    phone.setClock(new Date('2025-06-05T23:00:00+08:00').getTime());
    await phone.keyevent(4);
    await tapOn(phone, { id: 'tab_orders' });
    await tapOn(phone, { id: 'order_item' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'order_status' }).text).toBe('Completed');
    expect(findNode(xml, { id: 'cancel_order' })).toBeUndefined();
    expect((await state()).orders[0]).toMatchObject({
      from: 'shanghai',
      to: 'hangzhou',
      date: '2025-06-05',
      status: 'paid',
    });
  });

  it('speaks Chinese when the device language is zh-CN', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await launch();
    let xml = await dump(phone);
    expect(requireNode(xml, { text: '铁路出行' })).toBeDefined();
    expect(requireNode(xml, { id: 'from_station' }).text).toBe('上海');
    expect(requireNode(xml, { id: 'to_station' }).text).toBe('北京');
    expect(requireNode(xml, { id: 'search_button' }).text).toBe('查询车票');
    expect(requireNode(xml, { id: 'travel_date_weekday' }).text).toBe('周一 · 今天');
    await tapOn(phone, { id: 'travel_date' });
    await tapOn(phone, { desc: '2025年6月4日' });
    await tapOn(phone, { id: 'search_button' });
    xml = await dump(phone);
    expect(requireNode(xml, { text: '上海 → 北京' })).toBeDefined();
    expect(requireNode(xml, { id: 'result_count' }).text).toMatch(/^共 \d+ 趟列车$/);
    await tapOn(phone, { text: 'G104', id: 'train_number' });
    xml = await dump(phone);
    expect(texts(xml, 'stop_station').slice(0, 3)).toEqual(['上海虹桥', '苏州北', '南京南']);
    expect(texts(xml, 'seat_class')).toEqual(['商务座', '一等座', '二等座']);
    expect(texts(xml, 'seat_left').every((t) => t === '有' || t === '无' || /^\d+张$/.test(t))).toBe(true);
  });

  it('resets, restores snapshots, and seeds other data for other seeds', async () => {
    const initial = await state();
    await openG104();
    await tapOn(phone, { id: 'book_second' });
    await phone.saveSnapshot('booking');
    await tapOn(phone, { id: 'submit_order' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).orders).toHaveLength(2);
    await phone.restoreSnapshot('booking');
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BookingActivity' });
    expect((await state()).orders).toHaveLength(1);
    await phone.reset();
    expect(await state()).toEqual(initial);

    const other = await createSimulatedPhone({ seed: 12 });
    try {
      const a = initial;
      const b = (await other.state(PKG)) as RailState;
      expect(b.passengers.map((p) => p.idNumber)).not.toEqual(a.passengers.map((p) => p.idNumber));
      expect(b.orders[0]?.id).not.toBe(a.orders[0]?.id);
      await other.startActivity({
        component: `${PKG}/.MainActivity`,
        extras: { from: 'Shanghai', to: 'Beijing', date: '2025-06-04' },
      });
      await phone.startActivity({
        component: `${PKG}/.MainActivity`,
        extras: { from: 'Shanghai', to: 'Beijing', date: '2025-06-04' },
      });
      const codes = async (p: SimulatedPhone): Promise<string[]> => texts(await dump(p), 'train_number');
      const [ca, cb] = [await codes(phone), await codes(other)];
      expect(ca).toContain('G104');
      expect(cb).toContain('G104');
      expect(ca).not.toEqual(cb);
    } finally {
      await other.close();
    }
  });
});
