/** The GUI-native prompts: each family's layout and history format (snapshots show the text; images are counted). */
import { describe, expect, it } from 'vitest';
import { buildGlmMessages } from '../autoglm/autoglm.ts';
import { AUTOGLM_SPACE } from '../autoglm/grammar.ts';
import { buildOwlMessages } from '../gui-owl/gui-owl.ts';
import { buildQwenMessages } from '../qwen-vl/qwen-vl.ts';
import { buildTarsMessages } from '../ui-tars/ui-tars.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { GUI_OWL_RESIZE, QWEN25_RESIZE, UI_TARS_RESIZE } from './coordinates.ts';
import type { CoordinateSpace } from './coordinates.ts';
import type { GuiImage, GuiPromptInput, GuiTurn } from './family.ts';

const image = (n: number): GuiImage => ({
  data: new Uint8Array([n]),
  mime: 'image/jpeg',
  width: 1092,
  height: 2408,
  fixedSize: true,
});

function input(space: CoordinateSpace, turns: number, withImages: number): GuiPromptInput {
  const history: GuiTurn[] = Array.from({ length: turns }, (_, i) => ({
    observation: `{"current_app":"app${i}"}`,
    thought: `thought ${i}`,
    written: `action ${i}`,
    image: i >= turns - withImages ? image(i) : null,
  }));
  return {
    task: 'Create an alarm at 6:30 PM titled Work',
    screen: { width: 1080, height: 2400 },
    image: image(99),
    space,
    history,
    currentApp: 'com.android.deskclock',
    feedback: ['Not the timer, the alarm.'],
    lastError: null,
    deviceTime: '2025-06-02 (Monday) 09:00, UTC+08:00',
  };
}

/** The messages as text, each image shown as [image n]. */
function shown(messages: ChatMessage[]): string {
  return messages
    .map((m) => {
      const body =
        typeof m.content === 'string'
          ? m.content
          : m.content
              .map((p) => (p.type === 'text' ? p.text : `[image ${p.data[0]}${p.fixedSize ? ', fixed size' : ''}]`))
              .join('\n');
      return `<${m.role}>\n${body}`;
    })
    .join('\n\n');
}

describe('UI-TARS prompt', () => {
  it('instructions and task first, then its turns, the latest screenshots kept, the current one last', () => {
    const messages = buildTarsMessages(input(UI_TARS_RESIZE, 6, 4));
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(messages[1]).toEqual({ role: 'assistant', content: 'Thought: thought 0\nAction: action 0' });
    expect(shown(messages)).toMatchSnapshot();
  });
});

describe('Qwen-VL prompt', () => {
  it('the mobile_use function at the resized resolution, then the task, the steps done and the screenshot', () => {
    const messages = buildQwenMessages(input(QWEN25_RESIZE, 2, 0));
    expect(messages).toHaveLength(2);
    expect(messages[0]!.content).toContain("The screen's resolution is 1092x2408.");
    expect(shown(messages)).toMatchSnapshot();
    const grid = buildQwenMessages(input({ kind: 'relative', scale: 1000 }, 0, 0));
    expect(grid[0]!.content).toContain("The screen's resolution is 1000x1000.");
    expect(shown(grid)).toContain('Task progress (operations already done on this device): none yet.');
  });
});

describe('AutoGLM prompt', () => {
  it('the whole conversation, with the screen info of each turn and only the newest screenshot', () => {
    const messages = buildGlmMessages(input(AUTOGLM_SPACE, 2, 0));
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toBe('Create an alarm at 6:30 PM titled Work\n\n{"current_app":"app0"}');
    expect(messages[2]!.content).toBe('<think>thought 0</think><answer>action 0</answer>');
    expect(messages[3]!.content).toBe('** Screen Info **\n\n{"current_app":"app1"}');
    expect(shown(messages)).toMatchSnapshot();
  });
});

describe('GUI-Owl prompt', () => {
  it('the mobile_use function at the resized resolution; the task progress from the conclusions; the tags asked for', () => {
    const base = input(GUI_OWL_RESIZE, 3, 0);
    base.history[0]!.written = '{"action":"open","text":"Clock"}\n<conclusion>Open the "Clock" app.</conclusion>';
    base.history[1]!.written =
      '{"action":"click","coordinate":[548,1880]}\n<conclusion>Tap the\nadd button.</conclusion>';
    const messages = buildOwlMessages(base);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain("The screen's resolution is 1092x2408.");
    const text = shown(messages);
    expect(text).toContain(
      'Task progress (operations you have already done on this device): Step 1: Open the Clock app.; Step 2: Tap the add button.; Step 3: action 2; ',
    );
    expect(text).toContain('[image 99, fixed size]');
    expect(text).toMatchSnapshot();
    expect(shown(buildOwlMessages(input(GUI_OWL_RESIZE, 0, 0)))).toContain('on this device): none yet.');
  });
});
