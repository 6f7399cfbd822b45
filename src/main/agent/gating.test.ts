import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/schemas/settings.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { gateFor } from './gating.ts';

const rules = defaultSettings().agent.approvalRules;
const el = (over: Partial<UiElement>): UiElement => ({ index: 1, bounds: [0, 0, 10, 10], center: [5, 5], text: '', contentDesc: '', resourceId: '', className: 'android.widget.Button', packageName: 'p', trueAttributes: ['clickable'], ...over });

describe('gateFor', () => {
  it('follows the autonomy mode', () => {
    const click = { name: 'Click', params: { index: 1 } } as const;
    expect(gateFor(click, null, { mode: 'auto', approvalRules: rules })).toBeNull();
    expect(gateFor(click, null, { mode: 'step', approvalRules: rules })).toMatch(/step mode/);
    expect(gateFor(click, null, { mode: 'copilot', approvalRules: rules })).toMatch(/copilot/);
    expect(gateFor({ name: 'Finish', params: {} }, null, { mode: 'step', approvalRules: rules })).toBeNull();
  });

  it('guards payments, sending, deleting and password fields by the default rules', () => {
    const guarded = { mode: 'guarded' as const, approvalRules: rules };
    expect(gateFor({ name: 'Click', params: { index: 1 } }, el({ text: 'Place order' }), guarded)).toBe('rule: Payments and purchases');
    expect(gateFor({ name: 'Click', params: { index: 1 } }, el({ contentDesc: 'Send message' }), guarded)).toBe('rule: Sending messages');
    expect(gateFor({ name: 'Long_Press', params: { index: 1 } }, el({ text: 'Delete note' }), guarded)).toBe('rule: Deleting');
    expect(gateFor({ name: 'Box_Input', params: { index: 1, text: 'hunter2' } }, el({ className: 'android.widget.EditText', trueAttributes: ['password'] }), guarded)).toBe('rule: Typing into password fields');
    expect(gateFor({ name: 'Box_Input', params: { index: 1, text: 'hello' } }, el({ className: 'android.widget.EditText' }), guarded)).toBeNull();
    expect(gateFor({ name: 'Click', params: { index: 1 } }, el({ text: 'Add alarm' }), guarded)).toBeNull();
  });

  it('asks rather than lets an action through when a rule pattern is invalid', () => {
    const broken = [{ id: 'x', label: 'Broken', enabled: true, actions: [], pattern: '(', passwordFieldsOnly: false }];
    expect(gateFor({ name: 'Back', params: {} }, null, { mode: 'guarded', approvalRules: broken })).toMatch(/invalid/);
  });
});

describe('gateFor with Chinese text', () => {
  it('guards Chinese payment and send buttons too', () => {
    const guarded = { mode: 'guarded' as const, approvalRules: rules };
    expect(gateFor({ name: 'Click', params: { index: 1 } }, el({ text: '立即支付' }), guarded)).toBe('rule: Payments and purchases');
    expect(gateFor({ name: 'Click', params: { index: 1 } }, el({ text: '发送' }), guarded)).toBe('rule: Sending messages');
  });
});
