/**
 * Robustness of Notes, Messages, Contacts and Weather: a seeded random walk of taps, swipes,
 * long presses, keys, text, intents, theme / language switches and clock jumps inside these
 * apps leaves no app error and a phone that still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone } from '../src/index.ts';
import type { SimulatedPhone } from '../src/index.ts';
import type { Intent } from '../src/index.ts';
import { dump } from '../src/testing/device-driver.ts';
import { prng } from '@moba/testkit/rigs';
import { findNode } from '../src/testing/ui-dump.ts';

const COMPONENTS = [
  'com.moba.notes/.MainActivity',
  'com.moba.notes/.EditorActivity',
  'com.android.messaging/.ui.ConversationListActivity',
  'com.android.messaging/.ui.conversation.ConversationActivity',
  'com.android.contacts/.activities.PeopleActivity',
  'com.android.contacts/.activities.ContactEditorActivity',
  'com.moba.weather/.MainActivity',
  'com.moba.weather/.CitySearchActivity',
  'com.moba.weather/.DetailActivity',
];

const INTENTS: Intent[] = [
  { action: 'android.intent.action.SENDTO', data: 'sms:10086', extras: { sms_body: 'x' } },
  { action: 'android.intent.action.SENDTO', data: 'smsto:' },
  { action: 'android.intent.action.SEND', extras: { 'android.intent.extra.TEXT': 'shared' } },
  {
    action: 'android.intent.action.INSERT',
    data: 'content://com.android.contacts/contacts',
    extras: { name: 'A B', phone: '+86 13800001111' },
  },
  { action: 'android.intent.action.VIEW', data: 'content://com.android.contacts/contacts/3' },
  { action: 'android.intent.action.EDIT', data: 'content://com.android.contacts/contacts/99' },
];

let phone: SimulatedPhone;

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 5 });
});

afterAll(async () => {
  await phone?.close();
});

describe('apps A under random input', () => {
  it('survives 400 random inputs with no app errors', async () => {
    const rand = prng(10_2025);
    const int = (n: number): number => Math.floor(rand() * n);
    const keys = [4, 4, 4, 66, 67, 112, 122, 123, 61, 19, 20, 21, 22, 29, 30, 31, 62, 7, 8, 3, 187];
    const texts = ['hello', '12', ' ', 'a b c', '工作', '😀', '\n', '13912345678', 'nan', 'tok'];
    let touchDown = false;
    for (let i = 0; i < 400; i++) {
      const r = rand();
      const x = int(1080);
      const y = int(2400);
      if (r < 0.42) await phone.tap(x, y);
      else if (r < 0.5) await phone.swipe(x, y, int(1080), int(2400), 50 + int(300));
      else if (r < 0.66) await phone.keyevent(keys[int(keys.length)] as number);
      else if (r < 0.76) await phone.text(texts[int(texts.length)] as string);
      else if (r < 0.8) await phone.scroll(x, y, 0, int(7) - 3);
      else if (r < 0.86) await phone.startActivity({ component: COMPONENTS[int(COMPONENTS.length)] as string });
      else if (r < 0.89) await phone.startActivity(INTENTS[int(INTENTS.length)] as Intent);
      else if (r < 0.92) {
        const action: 0 | 1 | 2 = touchDown ? (rand() < 0.5 ? 2 : 1) : 0;
        await phone.touch(action, x, y);
        touchDown = action !== 1;
      } else if (r < 0.95) await phone.swipe(x, y, x, y, 650);
      else if (r < 0.97) expect((await phone.dumpUi({ compressed: rand() < 0.5 })).startsWith('<?xml')).toBe(true);
      else if (r < 0.98) await phone.putSetting('secure', 'ui_night_mode', rand() < 0.5 ? '2' : '1');
      else if (r < 0.99) await phone.putSetting('system', 'system_locales', rand() < 0.5 ? 'zh-CN' : 'en-US');
      else phone.setClock(phone.now() + int(3) * 86_400_000 + int(86_400_000));
      if (i % 50 === 49) expect(phone.errors()).toEqual([]);
    }
    if (touchDown) await phone.touch(1, 10, 10);
    expect(phone.errors()).toEqual([]);
    await phone.putSetting('system', 'system_locales', 'en-US');
    await phone.keyevent(3);
    expect(findNode(await dump(phone), { desc: 'Weather' })).toBeDefined();
  });
});
