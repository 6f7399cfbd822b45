import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../perception/ocr.ts';
import { inkComponents, inkMask } from './components.ts';
import { mapCoordinateCall } from './coordinate-actions.ts';
import { groupWords, languagesFor, perceiveScreen, readingOrder } from './perceive.ts';
import { ICON_CLASS, TEXT_CLASS, perceptionList, visionElements } from './view.ts';

describe('ink components', () => {
  it('labels connected ink, joining letters within the horizontal reach, and drops specks', () => {
    const w = 20;
    const h = 6;
    const mask = new Uint8Array(w * h);
    const set = (x: number, y: number) => (mask[y * w + x] = 1);
    // Two strokes 3 px apart (joined), one 8 px further (apart), one lone pixel (noise).
    for (let y = 1; y < 5; y++) {
      set(1, y);
      set(2, y);
      set(5, y);
      set(14, y);
      set(15, y);
    }
    set(19, 0);
    expect(inkComponents(mask, w, h, { reachX: 3, minPixels: 2 })).toEqual([
      [1, 1, 6, 5],
      [14, 1, 16, 5],
    ]);
    expect(inkMask(new Uint8Array([10, 200, 100]), new Uint8Array([100, 100, 100]))).toEqual(new Uint8Array([1, 1, 0]));
  });
});

describe('text grouping and reading order', () => {
  it('joins words on one line that are close, keeps distant labels apart', () => {
    const word = (text: string, x: number, y = 100) => ({
      text,
      confidence: 90,
      bounds: [x, y, x + text.length * 20, y + 40] as [number, number, number, number],
    });
    expect(
      groupWords([word('Add', 40), word('label', 120), word('Clock', 400), word('Repeat', 40, 300)]).map((p) => p.text),
    ).toEqual(['Add label', 'Clock', 'Repeat']);
    expect(readingOrder([{ center: [500, 110] }, { center: [40, 100] }, { center: [40, 300] }])).toEqual([
      { center: [40, 100] },
      { center: [500, 110] },
      { center: [40, 300] },
    ]);
    expect(languagesFor('Create an alarm')).toEqual(['eng']);
    expect(languagesFor('创建一个闹钟')).toEqual(['chi_sim', 'eng']);
  });
});

describe('coordinate actions', () => {
  const screen = { width: 1080, height: 2400, keyboardShown: false };
  const all = new Set(['tap', 'swipe', 'type', 'open_app', 'home', 'back', 'enter', 'wait', 'stop']);
  it('maps Tap, Swipe, Open_App, Stop; refuses Type without a keyboard and points off the screen', () => {
    expect(mapCoordinateCall({ name: 'Tap', args: [540, 1875] }, screen, all)).toEqual({
      ok: true,
      command: { kind: 'action', action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1875, unit: 'px' } } },
    });
    // The finger goes down where the model put it (an off-centre carousel here), as `input swipe x1 y1 x2 y2`.
    expect(mapCoordinateCall({ name: 'Swipe', args: [900, 500, 200, 520] }, screen, all)).toEqual({
      ok: true,
      command: {
        kind: 'action',
        action: { name: 'Swipe', params: { direction: 'left', distance: 'long', x: 900, y: 500, unit: 'px' } },
      },
    });
    expect(mapCoordinateCall({ name: 'Swipe', args: [540, 2500, 540, 600] }, screen, all)).toMatchObject({
      ok: false,
      error: '(540, 2500) is off the screen (1080×2400)',
    });
    expect(mapCoordinateCall({ name: 'Open app', args: ['Clock'] }, screen, all)).toMatchObject({
      ok: true,
      command: { action: { name: 'Open_App', params: { app: 'Clock' } } },
    });
    expect(mapCoordinateCall({ name: 'Stop', args: [] }, screen, all)).toEqual({ ok: true, command: { kind: 'stop' } });
    // Mobile-Agent-E's Switch_App is the Overview key; a strategy that does not offer it refuses it.
    expect(mapCoordinateCall({ name: 'Switch_App', args: [] }, screen, new Set(['switch_app']))).toEqual({
      ok: true,
      command: { kind: 'action', action: { name: 'Switch_App', params: {} } },
    });
    expect(mapCoordinateCall({ name: 'Switch_App', args: [] }, screen, all)).toMatchObject({ ok: false });
    expect(mapCoordinateCall({ name: 'Type', args: ['Work'] }, screen, all)).toEqual({
      ok: false,
      error: 'The keyboard is not shown, so typing is not possible yet: tap an input box first',
    });
    expect(mapCoordinateCall({ name: 'Type', args: ['Work'] }, { ...screen, keyboardShown: true }, all)).toMatchObject({
      ok: true,
    });
    expect(mapCoordinateCall({ name: 'Tap', args: [2000, 10] }, screen, all)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/off the screen/),
    });
    expect(mapCoordinateCall({ name: 'Back', args: [] }, screen, new Set(['tap']))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not an available action/),
    });
  });
});

describe('vision perception of a screenshot (tesseract.js)', () => {
  const engine = new OcrEngine({ languages: ['eng'] });
  afterAll(() => engine.dispose());

  it('reads labels and a letter in a ring, finds an icon, and lists them for a prompt', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="800"><rect width="100%" height="100%" fill="#f4f4f8"/>
      <text x="40" y="100" font-family="DejaVu Sans" font-size="40" fill="#202020">Add label</text>
      <circle cx="120" cy="300" r="50" fill="none" stroke="#707070" stroke-width="3"/>
      <text x="106" y="315" font-family="DejaVu Sans" font-size="40" fill="#202020">T</text>
      <polygon points="520,250 535,290 575,290 543,315 555,355 520,330 485,355 497,315 465,290 505,290" fill="#303030"/>
      <text x="40" y="600" font-family="DejaVu Sans" font-size="40" fill="#202020">Vibrate</text></svg>`;
    const png = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    const screen = await perceiveScreen(png, engine);
    const texts = screen.items.filter((i) => i.kind === 'text').map((i) => i.text);
    expect(texts).toEqual(expect.arrayContaining(['Add label', 'T', 'Vibrate']));
    const icon = screen.items.find((i) => i.kind === 'icon');
    expect(icon?.center[0]).toBeGreaterThan(500);
    expect(icon?.center[0]).toBeLessThan(540);
    const elements = visionElements(
      screen,
      { width: 1440, height: 1600 },
      new Map([[screen.items.indexOf(icon!) + 1, 'dark star']]),
    );
    expect(elements.map((e) => e.index)).toEqual(elements.map((_, i) => i + 1));
    const t = elements.find((e) => e.text === 'T')!;
    expect(t.className).toBe(TEXT_CLASS);
    // Scaled to the device: twice the screenshot's size.
    expect(t.center[0]).toBeGreaterThan(220);
    expect(t.center[0]).toBeLessThan(260);
    const list = perceptionList(elements);
    expect(list).toContain('; text: "Add label"');
    expect(list).toMatch(/\[\d+, \d+\]; icon: "dark star"/);
    expect(elements.find((e) => e.className === ICON_CLASS)?.contentDesc).toBe('dark star');
  }, 120_000);
});
