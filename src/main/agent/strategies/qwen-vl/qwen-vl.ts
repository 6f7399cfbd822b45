/**
 * Qwen2.5-VL / Qwen3-VL mobile use as a strategy, laid out as Qwen's function-calling chat
 * template lays out a tool: the system message describes the `mobile_use` function inside
 * `<tools>` and asks for `<tool_call>` answers; each step is one user message with the task, the
 * operations done so far ("Step 1: …") and the current screenshot. Qwen2.5-VL sees the
 * screenshot resized by smart_resize (factor 28) and is told that size as the screen's
 * resolution; Qwen3-VL (a model name containing "qwen3") works on a 0–1000 grid.
 */
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { QWEN25_RESIZE, imageSizeFor } from '../gui-native/coordinates.ts';
import type { CoordinateSpace, Size } from '../gui-native/coordinates.ts';
import type { GuiNativeFamily, GuiPromptInput } from '../gui-native/family.ts';
import { MOBILE_USE, parseQwenReply } from './grammar.ts';

/** Qwen3-VL's coordinates: a 0–1000 grid over the screen. */
export const QWEN3_GRID: CoordinateSpace = { kind: 'relative', scale: 1000 };

/** The space for a model: Qwen3-VL's grid for "qwen3…" names, else Qwen2.5-VL's resized pixels. */
export function qwenSpace(model: string | null): CoordinateSpace {
  return model && /qwen-?3/i.test(model) ? QWEN3_GRID : QWEN25_RESIZE;
}

/** The `mobile_use` function as the model is shown it, for a screen of `size` (the resolution it points on). */
export function mobileUseTool(size: Size): Record<string, unknown> {
  return {
    type: 'function',
    function: {
      name: MOBILE_USE,
      description: `Operate an Android phone through its touchscreen and read its screenshots.
* The phone shows one app at a time; taps, typing and swipes act on what is on the screen.
* Apps can take a moment to react: wait and look at the next screenshot before repeating an action.
* The screen's resolution is ${size.width}x${size.height}.
* Aim at the middle of a button, icon or field, not at its edge.`,
      parameters: {
        type: 'object',
        required: ['action'],
        properties: {
          action: {
            type: 'string',
            enum: [
              'key',
              'click',
              'long_press',
              'swipe',
              'type',
              'system_button',
              'open',
              'wait',
              'answer',
              'terminate',
            ],
            description: `What to do:
* \`key\`: send a key event (adb keyevent names such as "enter").
* \`click\`: tap the point (x, y) given by \`coordinate\`.
* \`long_press\`: hold the point \`coordinate\` for \`time\` seconds.
* \`swipe\`: move a finger from \`coordinate\` to \`coordinate2\`.
* \`type\`: enter \`text\` into the input box that has the focus.
* \`system_button\`: press \`button\`.
* \`open\`: start the app named \`text\`.
* \`wait\`: wait \`time\` seconds for the screen to change.
* \`answer\`: give the user the answer in \`text\`.
* \`terminate\`: end the task with \`status\`.`,
          },
          coordinate: {
            type: 'array',
            description: '(x, y): pixels from the left and from the top edge. For click, long_press and swipe.',
          },
          coordinate2: { type: 'array', description: '(x, y): where a swipe ends.' },
          text: { type: 'string', description: 'For key, type, open and answer.' },
          time: { type: 'number', description: 'Seconds, for long_press and wait.' },
          button: {
            type: 'string',
            enum: ['Back', 'Home', 'Menu', 'Enter'],
            description: 'Back: the previous screen; Home: the home screen; Menu: the app menu; Enter: the Enter key.',
          },
          status: { type: 'string', enum: ['success', 'failure'], description: 'For terminate.' },
        },
      },
    },
  };
}

/** Qwen's function-calling system message with the `mobile_use` function at `size` (GUI-Owl's too). */
export function mobileUseSystem(size: Size): string {
  return `You are a helpful assistant.

# Tools

You can call functions to carry out the user's request.

The functions you can call are given in <tools></tools> XML tags:
<tools>
${JSON.stringify(mobileUseTool(size))}
</tools>

To call a function, write a JSON object with its name and arguments inside <tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>`;
}

export function buildQwenMessages(input: GuiPromptInput): ChatMessage[] {
  const size = input.space.kind === 'resized' ? imageSizeFor(input.space, input.screen) : { width: 1000, height: 1000 };
  const steps = input.history.map((t, i) => `Step ${i + 1}: ${t.written};`).join(' ');
  const said = input.feedback.map((f) => `\nThe user says: ${f}`).join('');
  const failed = input.lastError ? `\nThe last operation failed on the device: ${input.lastError}` : '';
  return [
    { role: 'system', content: mobileUseSystem(size) },
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `The user query: ${input.task}\nTask progress (operations already done on this device): ${steps || 'none yet.'}${said}${failed}`,
        },
        { type: 'image', data: input.image.data, mime: input.image.mime, fixedSize: input.image.fixedSize },
      ],
    },
  ];
}

export const QWEN_VL: GuiNativeFamily = {
  role: 'Qwen-VL',
  purpose: 'qwen-vl',
  screenshots: 1,
  space: qwenSpace,
  observed: (_o: Observation) => '',
  messages: buildQwenMessages,
  parse: (reply, screen, space) => parseQwenReply(reply, screen, space),
  repairHint: `Answer again with exactly one <tool_call>{"name": "${MOBILE_USE}", "arguments": {…}}</tool_call> using the actions of the ${MOBILE_USE} function.`,
};
