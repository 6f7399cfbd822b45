import { describe, expect, it } from 'vitest';
import type { ActionCall } from '../../shared/actions.ts';
import { defaultSettings } from '../../shared/schemas/settings.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import { actionEffect } from './action-effect.ts';
import { assertApprovalRules } from '../settings/approval-rules.ts';
import { gateFor, gateOnDevice } from './gating.ts';

const rules = defaultSettings().agent.approvalRules;
const guarded = { mode: 'guarded' as const, approvalRules: rules };
const el = (over: Partial<UiElement>): UiElement => ({
  index: 1,
  bounds: [0, 0, 10, 10],
  center: [5, 5],
  text: '',
  contentDesc: '',
  resourceId: '',
  className: 'android.widget.Button',
  packageName: 'p',
  trueAttributes: ['clickable'],
  ...over,
});
const screen = (
  elements: UiElement[],
  activity = 'com.example.MainActivity',
  packageName = 'com.example',
): Pick<Observation, 'elements' | 'screen' | 'currentApp'> => ({
  elements,
  screen: { width: 1080, height: 2400, rotation: 0 },
  currentApp: { packageName, activity },
});
const gate = (action: ActionCall, elements: UiElement[], activity?: string, pkg?: string) =>
  gateFor(action, screen(elements, activity, pkg), guarded);
const key = (index: number, text: string, bounds: [number, number, number, number]) =>
  el({
    index,
    text,
    bounds,
    className: 'android.widget.FrameLayout',
    packageName: 'com.android.inputmethod.latin',
    trueAttributes: ['clickable', 'focusable'],
  });

// The simulated phone's screens, as the agent sees them (elements from real dumps).
const checkout = [
  el({ index: 1, contentDesc: 'Navigate up', className: 'android.widget.ImageButton', bounds: [11, 84, 137, 210] }),
  el({
    index: 2,
    text: 'Li Ming  138 0013 8000 | Room 1502, Building 3',
    resourceId: 'com.moba.shop:id/address_card',
    className: 'android.widget.LinearLayout',
    bounds: [32, 252, 1049, 474],
  }),
  el({
    index: 4,
    text: 'Note to seller (optional)',
    resourceId: 'com.moba.shop:id/order_note',
    className: 'android.widget.EditText',
    bounds: [68, 1083, 1012, 1209],
    trueAttributes: ['clickable', 'long-clickable', 'focusable'],
  }),
  el({
    index: -1,
    text: 'Total: ¥6,529.00',
    resourceId: 'com.moba.shop:id/checkout_total',
    className: 'android.widget.TextView',
    bounds: [436, 2173, 735, 2230],
    trueAttributes: [],
  }),
  el({ index: 5, text: 'Pay now', resourceId: 'com.moba.shop:id/btn_pay', bounds: [761, 2118, 1049, 2244] }),
];
const typedMessage = [
  el({
    index: 3,
    contentDesc: 'Delete conversation',
    resourceId: 'com.android.messaging:id/action_delete',
    className: 'android.widget.ImageButton',
    bounds: [944, 84, 1070, 210],
  }),
  el({
    index: 4,
    text: 'hello',
    resourceId: 'com.android.messaging:id/compose_message_text',
    className: 'android.widget.EditText',
    bounds: [84, 1439, 870, 1565],
    trueAttributes: ['clickable', 'long-clickable', 'focusable', 'focused'],
  }),
  el({
    index: 5,
    contentDesc: 'Send SMS',
    resourceId: 'com.android.messaging:id/send_message_button',
    className: 'android.widget.ImageButton',
    bounds: [933, 1439, 1059, 1565],
  }),
  key(38, 'Enter', [916, 2124, 1064, 2242]),
  key(33, 'Delete', [926, 1985, 1064, 2103]),
];
const CONVERSATION = 'com.android.messaging.ui.conversation.ConversationActivity';
const wifiPassword = [
  el({
    index: -1,
    text: 'CoffeeShop_5G',
    resourceId: 'android:id/alertTitle',
    className: 'android.widget.TextView',
    bounds: [173, 625, 908, 709],
    trueAttributes: [],
  }),
  el({
    index: 4,
    text: 'Password',
    resourceId: 'com.android.settings:id/password',
    className: 'android.widget.EditText',
    bounds: [173, 751, 908, 877],
    trueAttributes: ['clickable', 'long-clickable', 'focusable', 'focused', 'password'],
  }),
  el({ index: 5, text: 'Cancel', resourceId: 'android:id/button2', bounds: [530, 930, 708, 1035] }),
];

describe('gateFor', () => {
  it('follows the autonomy mode', () => {
    const click = { name: 'Click', params: { index: 1 } } as const;
    expect(gateFor(click, null, { mode: 'auto', approvalRules: rules })).toBeNull();
    expect(gateFor(click, null, { mode: 'step', approvalRules: rules })).toMatch(/step mode/);
    expect(gateFor(click, null, { mode: 'copilot', approvalRules: rules })).toMatch(/copilot/);
    expect(gateFor({ name: 'Finish', params: {} }, null, { mode: 'step', approvalRules: rules })).toBeNull();
  });

  it('guards payments, sending, deleting and password fields by the default rules', () => {
    expect(gate({ name: 'Click', params: { index: 1 } }, [el({ text: 'Place order' })])).toMatch(
      /^rule: Payments and purchases — Click\(1\) on \[1\] Button "Place order"/,
    );
    expect(gate({ name: 'Click', params: { index: 1 } }, [el({ contentDesc: 'Send message' })])).toMatch(
      /^rule: Sending messages/,
    );
    expect(gate({ name: 'Long_Press', params: { index: 1 } }, [el({ text: 'Delete note' })])).toMatch(
      /^rule: Deleting/,
    );
    expect(
      gate({ name: 'Box_Input', params: { index: 1, text: 'hunter2' } }, [
        el({ className: 'android.widget.EditText', trueAttributes: ['password'] }),
      ]),
    ).toMatch(/^rule: Typing into password fields/);
    expect(
      gate({ name: 'Box_Input', params: { index: 1, text: 'hello' } }, [el({ className: 'android.widget.EditText' })]),
    ).toBeNull();
    expect(gate({ name: 'Click', params: { index: 1 } }, [el({ text: 'Add alarm' })])).toBeNull();
  });

  it('asks rather than lets an action through when a rule pattern is invalid', () => {
    const broken = [{ id: 'x', label: 'Broken', enabled: true, actions: [], pattern: '(', passwordFieldsOnly: false }];
    expect(gateFor({ name: 'Back', params: {} }, null, { mode: 'guarded', approvalRules: broken })).toMatch(/invalid/);
    // Lookahead is valid JavaScript but not linear: it cannot be run, so the rule asks.
    const ahead = [{ ...broken[0]!, pattern: 'pay(?=now)' }];
    expect(gateFor({ name: 'Back', params: {} }, null, { mode: 'guarded', approvalRules: ahead })).toMatch(/invalid/);
  });

  it('a catastrophic pattern against a long Type text is matched in linear time', () => {
    const evil = [{ id: 'x', label: 'Evil', enabled: true, actions: [], pattern: '(a+)+$', passwordFieldsOnly: false }];
    const text = `${'a'.repeat(50_000)}!`;
    // A backtracking engine takes longer than the universe's age here; RE2 answers (no match: the text ends in "!").
    expect(gateFor({ name: 'Type', params: { text } }, null, { mode: 'guarded', approvalRules: evil })).toBeNull();
    const bang = [{ ...evil[0]!, pattern: '(a+)+!' }];
    expect(gateFor({ name: 'Type', params: { text } }, null, { mode: 'guarded', approvalRules: bang })).toMatch(
      /^rule: Evil/,
    );
  });

  it('refuses rules RE2 cannot run, naming the rule', () => {
    expect(() => assertApprovalRules(rules, 'agent.approvalRules')).not.toThrow();
    expect(() =>
      assertApprovalRules([...rules, { label: 'Ahead', pattern: 'pay(?!ment)' }], 'agent.approvalRules'),
    ).toThrow(/agent\.approvalRules\[4\] \("Ahead"\): the pattern is not a valid regular expression: .*lookaround/);
  });
});

describe('guarded mode judges what an action does', () => {
  it('a coordinate tap is judged by the element it lands on ("Pay now" at checkout)', () => {
    // The centre of "Pay now" (905, 2181 px) on the 0–1000 grid, and in pixels.
    expect(
      gate(
        { name: 'Click_by_Coordinate', params: { x: 838, y: 909, unit: 'grid' } },
        checkout,
        'com.moba.shop.CheckoutActivity',
        'com.moba.shop',
      ),
    ).toBe('rule: Payments and purchases — Click_by_Coordinate(838, 909) lands on [5] Button "Pay now"');
    expect(
      gate(
        { name: 'Click_by_Coordinate', params: { x: 905, y: 2181, unit: 'px' } },
        checkout,
        'com.moba.shop.CheckoutActivity',
        'com.moba.shop',
      ),
    ).toMatch(/^rule: Payments and purchases/);
    // Empty space, and the address card, ask nothing.
    expect(
      gate(
        { name: 'Click_by_Coordinate', params: { x: 500, y: 600, unit: 'grid' } },
        checkout,
        'com.moba.shop.CheckoutActivity',
        'com.moba.shop',
      ),
    ).toBeNull();
    expect(
      gate(
        { name: 'Click_by_Coordinate', params: { x: 500, y: 150, unit: 'grid' } },
        checkout,
        'com.moba.shop.CheckoutActivity',
        'com.moba.shop',
      ),
    ).toBeNull();
  });

  it('Type goes into the focused field: a password field asks, another does not', () => {
    expect(
      gate(
        { name: 'Type', params: { text: 'latte2024' } },
        wifiPassword,
        'com.android.settings.Settings$WifiSettingsActivity',
        'com.android.settings',
      ),
    ).toBe(
      'rule: Typing into password fields — Type("latte2024") types into the focused [4] EditText "Password" (a password field)',
    );
    expect(
      gate({ name: 'Type', params: { text: 'hello' } }, typedMessage, CONVERSATION, 'com.android.messaging'),
    ).toBeNull();
  });

  it('Enter submits the focused field: beside "Send SMS" it is sending; the keyboard\'s Enter key is the same', () => {
    expect(gate({ name: 'Enter', params: {} }, typedMessage, CONVERSATION, 'com.android.messaging')).toMatch(
      /^rule: Sending messages — Enter\(\) submits the focused \[4\] EditText "hello" beside \[5\] ImageButton "Send SMS"/,
    );
    expect(gate({ name: 'Click', params: { index: 38 } }, typedMessage, CONVERSATION, 'com.android.messaging')).toBe(
      'rule: Sending messages — Click(38) taps the keyboard\'s "Enter" key: submits the focused [4] EditText "hello" beside [5] ImageButton "Send SMS" on com.android.messaging Conversation Activity',
    );
    // The keyboard's other keys type (its Delete key deletes no data), and a tap into the field sends nothing.
    expect(
      gate({ name: 'Click', params: { index: 33 } }, typedMessage, CONVERSATION, 'com.android.messaging'),
    ).toBeNull();
    expect(
      gate({ name: 'Click', params: { index: 4 } }, typedMessage, CONVERSATION, 'com.android.messaging'),
    ).toBeNull();
  });

  it('a tap on the keyboard while a password field has the focus is typing into it', () => {
    const withKeys = [...wifiPassword, key(20, 's', [170, 1846, 262, 1964])];
    expect(
      gate(
        { name: 'Click', params: { index: 20 } },
        withKeys,
        'com.android.settings.Settings$WifiSettingsActivity',
        'com.android.settings',
      ),
    ).toMatch(
      /^rule: Typing into password fields — Click\(20\) taps the keyboard's "s" key: types into the focused \[4\] EditText "Password"/,
    );
  });

  it('considers the screen a field is submitted on: typing a message with Box_Input (it confirms with Enter) on a chat screen, Enter on the checkout', () => {
    const empty = typedMessage
      .filter((e) => e.index !== 5)
      .map((e) => (e.index === 4 ? { ...e, text: 'Text message', trueAttributes: ['clickable', 'focusable'] } : e));
    expect(
      gate(
        { name: 'Box_Input', params: { index: 4, text: 'I will be late' } },
        empty,
        CONVERSATION,
        'com.android.messaging',
      ),
    ).toMatch(
      /^rule: Sending messages — Box_Input\(4, "I will be late"\) on \[4\] EditText "Text message" on com.android.messaging Conversation Activity/,
    );
    const noteFocused = checkout.map((e) =>
      e.index === 4 ? { ...e, trueAttributes: [...e.trueAttributes, 'focused'] } : e,
    );
    expect(gate({ name: 'Enter', params: {} }, noteFocused, 'com.moba.shop.CheckoutActivity', 'com.moba.shop')).toMatch(
      /^rule: Payments and purchases — Enter\(\) submits the focused \[4\] EditText "Note to seller \(optional\)" on com.moba.shop Checkout Activity/,
    );
    // Typing into the same note (no Enter) asks nothing; a search box on another screen neither.
    expect(
      gate(
        { name: 'Type', params: { text: 'leave at the door' } },
        noteFocused,
        'com.moba.shop.CheckoutActivity',
        'com.moba.shop',
      ),
    ).toBeNull();
    const search = [
      el({
        index: 1,
        text: 'Search products',
        className: 'android.widget.EditText',
        resourceId: 'com.moba.shop:id/search_src_text',
        bounds: [100, 100, 900, 200],
        trueAttributes: ['clickable', 'focused'],
      }),
      el({ index: 2, contentDesc: 'Search', bounds: [920, 100, 1060, 200] }),
    ];
    expect(gate({ name: 'Enter', params: {} }, search, 'com.moba.shop.SearchActivity', 'com.moba.shop')).toBeNull();
    expect(
      gate(
        { name: 'Box_Input', params: { index: 1, text: 'mug' } },
        search,
        'com.moba.shop.SearchActivity',
        'com.moba.shop',
      ),
    ).toBeNull();
  });
});

describe('actionEffect', () => {
  it('prefers a numbered element under a point, the smallest one', () => {
    const list = el({ index: 1, bounds: [0, 0, 1080, 2000], trueAttributes: ['scrollable'] });
    const row = el({ index: 2, text: 'Row', bounds: [0, 100, 1080, 300] });
    const label = el({ index: -1, text: 'label', bounds: [10, 110, 200, 150], trueAttributes: [] });
    const effect = actionEffect(
      { name: 'Click_by_Coordinate', params: { x: 50, y: 130, unit: 'px' } },
      screen([list, row, label]),
    );
    expect(effect).toMatchObject({ target: row, via: 'coordinate', submits: false });
  });
});

describe('gateFor with Chinese text', () => {
  it('guards Chinese payment and send buttons too', () => {
    expect(gate({ name: 'Click', params: { index: 1 } }, [el({ text: '立即支付' })])).toMatch(
      /^rule: Payments and purchases/,
    );
    expect(gate({ name: 'Click', params: { index: 1 } }, [el({ text: '发送' })])).toMatch(/^rule: Sending messages/);
  });
});

describe("gateOnDevice: the vision strategies are gated on the device's own dump", () => {
  const WIFI = 'com.android.settings.Settings$WifiSettingsActivity';
  const device = screen(wifiPassword, WIFI, 'com.android.settings');
  // What OCR reads of the same dialog: words and boxes, no ids, focus or password flag.
  const ocr = screen(
    [
      el({
        index: 1,
        text: 'CoffeeShop_5G',
        className: 'android.widget.TextView',
        bounds: [173, 625, 908, 709],
        center: [540, 667],
      }),
      el({
        index: 2,
        text: 'Password',
        className: 'android.widget.TextView',
        bounds: [190, 780, 400, 850],
        center: [295, 815],
      }),
      el({
        index: 3,
        text: 'Cancel',
        className: 'android.widget.TextView',
        bounds: [540, 950, 700, 1015],
        center: [620, 982],
      }),
    ],
    WIFI,
    'com.android.settings',
  );
  const type = { name: 'Type', params: { text: 'hunter2' } } as const;

  it('asks before Type into the focused password field that OCR cannot see', () => {
    // The hole: on the strategy's own view nothing is focused and nothing is a password field.
    expect(gateFor(type, ocr, guarded)).toBeNull();
    expect(gateOnDevice(type, ocr, device, guarded)).toBe(
      'rule: Typing into password fields — Type("hunter2") types into the focused [4] EditText "Password" (a password field)',
    );
  });

  it("maps an element action to the dump's element under it, and changes nothing else", () => {
    const boxInput = { name: 'Box_Input', params: { index: 2, text: 'hunter2' } } as ActionCall;
    expect(gateFor(boxInput, ocr, guarded)).toBeNull();
    expect(gateOnDevice(boxInput, ocr, device, guarded)).toMatch(
      /^rule: Typing into password fields — .*\(a password field\)/,
    );
    // A tap on Cancel asks on neither view; auto mode never asks.
    expect(gateOnDevice({ name: 'Click', params: { index: 3 } }, ocr, device, guarded)).toBeNull();
    expect(gateOnDevice(type, ocr, device, { mode: 'auto', approvalRules: rules })).toBeNull();
  });
});
