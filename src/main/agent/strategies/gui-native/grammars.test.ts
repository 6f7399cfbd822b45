/** The four GUI-native grammars read into the shared action space, every action of each, and their failures. */
import { describe, expect, it } from 'vitest';
import { parseGlmReply } from '../autoglm/grammar.ts';
import { parseOwlReply } from '../gui-owl/grammar.ts';
import { parseQwenReply } from '../qwen-vl/grammar.ts';
import { QWEN3_GRID } from '../qwen-vl/qwen-vl.ts';
import { parseTarsReply } from '../ui-tars/grammar.ts';
import { GUI_OWL_RESIZE, QWEN25_RESIZE, UI_TARS_RESIZE } from './coordinates.ts';

const SCREEN = { width: 1080, height: 2400 };

describe('UI-TARS', () => {
  const tars = (action: string, thought = 'Plan.') =>
    parseTarsReply(`Thought: ${thought}\nAction: ${action}`, SCREEN, UI_TARS_RESIZE);
  const action = (a: string) => {
    const r = tars(a);
    if (!r.ok) throw new Error(r.issues);
    return r.value.action;
  };

  it('reads the thought and each action of its mobile action space', () => {
    expect(tars("click(start_box='<|box_start|>(546,1204)<|box_end|>')", 'Tap the + button.')).toEqual({
      ok: true,
      value: {
        thought: 'Tap the + button.',
        written: "click(start_box='<|box_start|>(546,1204)<|box_end|>')",
        action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1200, unit: 'px' } },
      },
    });
    expect(action("long_press(start_box='(546,1204)', time='2')")).toEqual({
      name: 'Long_Press_by_Coordinate',
      params: { x: 540, y: 1200, seconds: 2, unit: 'px' },
    });
    expect(action("long_press(start_box='(546,1204)')")).toMatchObject({ params: { seconds: 1 } });
    // Scrolling down brings lower content up: the finger moves up 40 % of the screen.
    expect(action("scroll(start_box='(546,1204)', direction='down')")).toEqual({
      name: 'Swipe_by_Coordinate',
      params: { x1: 540, y1: 1200, x2: 540, y2: 240, unit: 'px' },
    });
    expect(action("scroll(start_box='(546,1204)', end_box='(546,602)')")).toMatchObject({ params: { y2: 600 } });
    expect(action("drag(start_box='(0,0)', end_box='(1092,2408)')")).toMatchObject({
      params: { x1: 0, y1: 0, x2: 1079, y2: 2399 },
    });
    expect(action("open_app(app_name='Clock')")).toEqual({ name: 'Open_App', params: { app: 'Clock' } });
    expect(action('press_home()')).toEqual({ name: 'Home', params: {} });
    expect(action('press_back()')).toEqual({ name: 'Back', params: {} });
    expect(action("hotkey(key='enter')")).toEqual({ name: 'Enter', params: {} });
    expect(action('wait()')).toEqual({ name: 'Wait', params: { seconds: 5 } });
    expect(action("finished(content='It is 18°C.')")).toEqual({ name: 'Finish', params: { message: 'It is 18°C.' } });
    expect(tars('call_user()', 'I need the password.').ok && tars('call_user()', 'I need the password.')).toMatchObject(
      {
        value: { action: { name: 'Ask_User', params: { question: 'I need the password.' } } },
      },
    );
  });

  it('accepts the points as its variants write them: bare, a box, <point>', () => {
    expect(action("click(start_box='(546,1204)')")).toMatchObject({ params: { x: 540, y: 1200 } });
    expect(action("click(start_box='[500,1200,592,1208]')")).toMatchObject({ params: { x: 540, y: 1200 } });
    expect(action("click(point='<point>546 1204</point>')")).toMatchObject({ params: { x: 540, y: 1200 } });
  });

  it('types what it wrote, quotes included; a trailing \\n is Type, then Enter', () => {
    const r = tars("type(content='Don't stop\\n')");
    expect(r).toEqual({
      ok: true,
      value: {
        thought: 'Plan.',
        written: "type(content='Don't stop\\n')",
        action: { name: 'Type', params: { text: "Don't stop" } },
        then: { name: 'Enter', params: {} },
      },
    });
    expect(tars("type(content='Work')").ok && tars("type(content='Work')")).not.toHaveProperty('value.then');
  });

  it('says what is wrong with a reply it cannot use', () => {
    expect(parseTarsReply('I think I will tap it.', SCREEN, UI_TARS_RESIZE)).toEqual({
      ok: false,
      issues: '- No "Action:" line: answer "Thought: …" then "Action: …".',
    });
    const bad = (a: string) => {
      const r = tars(a);
      return r.ok ? '' : r.issues;
    };
    expect(bad("tap(start_box='(1,1)')")).toMatch(/unknown action tap; use click, long_press/);
    expect(bad('click()')).toMatch(/click needs start_box=/);
    expect(bad("click(start_box='(2000,100)')")).toMatch(/outside the model's coordinates \(0–1092 × 0–2408\)/);
    expect(bad("scroll(start_box='(1,1)', direction='sideways')")).toMatch(/direction must be up, down/);
    expect(bad("type(content='')")).toMatch(/type needs some content/);
    expect(bad("hotkey(key='ctrl c')")).toMatch(/only the Enter key/);
  });
});

describe('Qwen-VL mobile use', () => {
  const call = (args: object, pre = '') =>
    `${pre}<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: args })}\n</tool_call>`;
  const action = (args: object, space = QWEN25_RESIZE) => {
    const r = parseQwenReply({ text: call(args), toolCalls: [] }, SCREEN, space);
    if (!r.ok) throw new Error(r.issues);
    return r.value.action;
  };

  it('reads every action of the mobile_use function', () => {
    expect(action({ action: 'click', coordinate: [546, 1204] })).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 540, y: 1200, unit: 'px' },
    });
    expect(action({ action: 'long_press', coordinate: [546, 1204], time: 2 })).toMatchObject({
      name: 'Long_Press_by_Coordinate',
      params: { seconds: 2 },
    });
    expect(action({ action: 'swipe', coordinate: [546, 1806], coordinate2: [546, 602] })).toEqual({
      name: 'Swipe_by_Coordinate',
      params: { x1: 540, y1: 1800, x2: 540, y2: 600, unit: 'px' },
    });
    expect(action({ action: 'type', text: 'Work' })).toEqual({ name: 'Type', params: { text: 'Work' } });
    expect(action({ action: 'system_button', button: 'Back' })).toEqual({ name: 'Back', params: {} });
    expect(action({ action: 'system_button', button: 'Home' })).toEqual({ name: 'Home', params: {} });
    expect(action({ action: 'system_button', button: 'Enter' })).toEqual({ name: 'Enter', params: {} });
    expect(action({ action: 'key', text: 'KEYCODE_ENTER' })).toEqual({ name: 'Enter', params: {} });
    expect(action({ action: 'open', text: 'Clock' })).toEqual({ name: 'Open_App', params: { app: 'Clock' } });
    expect(action({ action: 'wait', time: 30 })).toEqual({ name: 'Wait', params: { seconds: 10 } });
    expect(action({ action: 'answer', text: '18°C' })).toEqual({ name: 'Finish', params: { message: '18°C' } });
    expect(action({ action: 'terminate', status: 'success' })).toEqual({ name: 'Finish', params: {} });
    expect(action({ action: 'terminate', status: 'failure' })).toEqual({ name: 'Failed', params: {} });
    // Qwen3-VL points on a 0–1000 grid.
    expect(action({ action: 'click', coordinate: [500, 500] }, QWEN3_GRID as never)).toMatchObject({
      params: { x: 540, y: 1200 },
    });
  });

  it('reads a function call the server parsed (tool_calls), and the text before a <tool_call> as the thought', () => {
    const native = parseQwenReply(
      { text: '', toolCalls: [{ name: 'mobile_use', arguments: '{"action":"open","text":"Clock"}' }] },
      SCREEN,
      QWEN25_RESIZE,
    );
    expect(native).toMatchObject({
      ok: true,
      value: { action: { name: 'Open_App' }, written: '{"action":"open","text":"Clock"}' },
    });
    const withThought = parseQwenReply(
      { text: call({ action: 'type', text: 'a' }, 'Typing a.\n'), toolCalls: [] },
      SCREEN,
      QWEN25_RESIZE,
    );
    expect(withThought).toMatchObject({ ok: true, value: { thought: 'Typing a.' } });
  });

  it('says what is wrong with a reply it cannot use', () => {
    const issues = (text: string) => {
      const r = parseQwenReply({ text, toolCalls: [] }, SCREEN, QWEN25_RESIZE);
      return r.ok ? '' : r.issues;
    };
    expect(issues('I will tap Clock.')).toMatch(/No <tool_call> with a JSON call of mobile_use/);
    expect(issues(call({ action: 'system_button', button: 'Menu' }))).toMatch(/no "menu" on this phone/);
    expect(issues(call({ action: 'click' }))).toMatch(/click needs "coordinate"/);
    expect(issues(call({ action: 'fly' }))).toMatch(/unknown action "fly"/);
    expect(issues('<tool_call>{"name": "computer_use", "arguments": {}}</tool_call>')).toMatch(
      /Call mobile_use, not "computer_use"/,
    );
  });
});

describe('AutoGLM-Phone', () => {
  const glm = (code: string) => parseGlmReply(`<answer>${code}</answer>`, SCREEN);
  const action = (code: string) => {
    const r = glm(code);
    if (!r.ok) throw new Error(r.issues);
    return r.value.action;
  };

  it('reads every operation of its action set', () => {
    expect(action('do(action="Tap", element=[500,500])')).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 540, y: 1200, unit: 'px' },
    });
    expect(action('do(action="Launch", app="Clock")')).toEqual({ name: 'Open_App', params: { app: 'Clock' } });
    expect(action('do(action="Type", text="Work")')).toEqual({ name: 'Type', params: { text: 'Work' } });
    expect(action('do(action="Type_Name", text="Mom")')).toEqual({ name: 'Type', params: { text: 'Mom' } });
    expect(action('do(action="Swipe", start=[500,800], end=[500,200])')).toEqual({
      name: 'Swipe_by_Coordinate',
      params: { x1: 540, y1: 1920, x2: 540, y2: 480, unit: 'px' },
    });
    expect(action('do(action="Long Press", element=[500,500])')).toMatchObject({
      name: 'Long_Press_by_Coordinate',
      params: { seconds: 3 },
    });
    expect(action('do(action="Double Tap", element=[500,500])')).toMatchObject({ name: 'Double_Click_by_Coordinate' });
    expect(action('do(action="Back")')).toEqual({ name: 'Back', params: {} });
    expect(action('do(action="Home")')).toEqual({ name: 'Home', params: {} });
    expect(action('do(action="Wait", duration="3 seconds")')).toEqual({ name: 'Wait', params: { seconds: 3 } });
    expect(action('do(action="Take_over", message="Please log in")')).toEqual({
      name: 'Ask_User',
      params: { question: 'Please log in' },
    });
    expect(action('do(action="Interact")')).toMatchObject({ name: 'Ask_User' });
    expect(action('finish(message="Done, it is set.")')).toEqual({
      name: 'Finish',
      params: { message: 'Done, it is set.' },
    });
  });

  it('keeps a sensitive tap marked in its thought; reads an answer without tags', () => {
    expect(glm('do(action="Tap", element=[500,500], message="payment")')).toMatchObject({
      ok: true,
      value: { thought: '(sensitive: payment)' },
    });
    expect(parseGlmReply('Tap it. do(action="Back")', SCREEN)).toMatchObject({
      ok: true,
      value: { thought: 'Tap it.', written: 'do(action="Back")', action: { name: 'Back' } },
    });
  });

  it('says what is wrong with a reply it cannot use', () => {
    const issues = (text: string) => {
      const r = parseGlmReply(text, SCREEN);
      return r.ok ? '' : r.issues;
    };
    expect(issues('I will tap Clock.')).toMatch(/No operation: answer <answer>do/);
    expect(issues('<answer>do(action="Fly")</answer>')).toMatch(/unknown action "Fly"; use Launch, Tap/);
    expect(issues('<answer>do(action="Tap")</answer>')).toMatch(/Tap needs element=\[x,y\]/);
    expect(issues('<answer>do(action="Tap", element=[1500,20])</answer>')).toMatch(/outside the model's coordinates/);
    expect(issues('<answer>tap(1, 2)</answer>')).toMatch(/write do\(action="…", …\) or finish/);
  });
});

describe('GUI-Owl (Mobile-Agent-v3)', () => {
  const reply = (args: object, thinking = '<thinking>\nThe plus button adds an alarm.\n</thinking>\n') =>
    `${thinking}<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: args })}\n</tool_call>\n<conclusion>\nTap the add button.\n</conclusion>`;
  const owl = (text: string) => parseOwlReply({ text, toolCalls: [] }, SCREEN, GUI_OWL_RESIZE);

  it('reads the thinking, the mobile_use call in resized pixels and the conclusion', () => {
    expect(owl(reply({ action: 'click', coordinate: [548, 1880] }))).toEqual({
      ok: true,
      value: {
        thought: 'The plus button adds an alarm.',
        written: '{"action":"click","coordinate":[548,1880]}\n<conclusion>Tap the add button.</conclusion>',
        action: { name: 'Click_by_Coordinate', params: { x: 542, y: 1874, unit: 'px' } },
      },
    });
    expect(owl(reply({ action: 'open', text: 'Clock' }, '<think>Clock first.</think>'))).toMatchObject({
      ok: true,
      value: { thought: 'Clock first.', action: { name: 'Open_App', params: { app: 'Clock' } } },
    });
    expect(owl(reply({ action: 'system_button', button: 'Back' }))).toMatchObject({
      value: { action: { name: 'Back' } },
    });
    expect(owl(reply({ action: 'terminate', status: 'success' }))).toMatchObject({
      value: { action: { name: 'Finish' } },
    });
    expect(owl(reply({ action: 'answer', text: '7:00' }))).toMatchObject({
      value: { action: { name: 'Finish', params: { message: '7:00' } } },
    });
  });

  it('takes a call without thinking or conclusion, or as tool_calls, and says what is wrong otherwise', () => {
    const bare = `<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: { action: 'type', text: 'Work' } })}\n</tool_call>`;
    expect(owl(bare)).toMatchObject({ ok: true, value: { thought: '', written: '{"action":"type","text":"Work"}' } });
    const native = parseOwlReply(
      {
        text: '<thinking>Wait for it.</thinking>',
        toolCalls: [{ name: 'mobile_use', arguments: '{"action":"wait","time":2}' }],
      },
      SCREEN,
      GUI_OWL_RESIZE,
    );
    expect(native).toMatchObject({ ok: true, value: { thought: 'Wait for it.', action: { name: 'Wait' } } });
    const issues = (text: string) => {
      const r = owl(text);
      return r.ok ? '' : r.issues;
    };
    expect(issues('<thinking>Tap it.</thinking><conclusion>Tapped.</conclusion>')).toMatch(/No <tool_call>/);
    expect(issues(reply({ action: 'click', coordinate: [1100, 10] }))).toMatch(/outside the model's coordinates/);
  });
});
