import { describe, expect, it } from 'vitest';
import { QWEN3_GRID, qwenSpace } from '../qwen-vl/qwen-vl.ts';
import { AUTOGLM_SPACE } from '../autoglm/grammar.ts';
import {
  GUI_OWL_RESIZE,
  QWEN25_RESIZE,
  UI_TARS_RESIZE,
  imageSizeFor,
  smartResize,
  toModelPoint,
  toScreenPoint,
} from './coordinates.ts';

const SCREENS = [
  { width: 720, height: 1600 },
  { width: 1080, height: 2400 },
  { width: 1440, height: 3200 },
];

describe('smart_resize (Qwen2.5-VL, UI-TARS-1.5)', () => {
  it('rounds both sides to multiples of 28 at three phone screens', () => {
    expect(SCREENS.map((s) => imageSizeFor(UI_TARS_RESIZE, s))).toEqual([
      { width: 728, height: 1596 },
      { width: 1092, height: 2408 },
      { width: 1428, height: 3192 },
    ]);
    // Qwen2.5-VL's lower minimum changes nothing for phone screens.
    for (const s of SCREENS) expect(imageSizeFor(QWEN25_RESIZE, s)).toEqual(imageSizeFor(UI_TARS_RESIZE, s));
  });

  it('scales down past the maximum and up past the minimum, keeping the aspect ratio', () => {
    expect(
      smartResize({ width: 1080, height: 2400 }, { factor: 28, minPixels: 3136, maxPixels: 1280 * 28 * 28 }),
    ).toEqual({
      width: 672,
      height: 1484,
    });
    expect(smartResize({ width: 50, height: 100 }, UI_TARS_RESIZE)).toEqual({ width: 224, height: 420 });
    expect(() => smartResize({ width: 10, height: 2500 }, UI_TARS_RESIZE)).toThrow(/beyond the 200:1/);
  });

  it("maps the model's pixels on the resized screenshot back to the screen's at three sizes", () => {
    const cases: Array<[number, [number, number], [number, number]]> = [
      [0, [364, 798], [360, 800]],
      [0, [182, 1436], [180, 1440]],
      [1, [546, 1204], [540, 1200]],
      [1, [273, 2167], [270, 2160]],
      [2, [714, 1596], [720, 1600]],
      [2, [357, 2873], [360, 2880]],
    ];
    for (const [i, model, screen] of cases) {
      expect(toScreenPoint(UI_TARS_RESIZE, SCREENS[i]!, model)).toEqual(screen);
      expect(toModelPoint(UI_TARS_RESIZE, SCREENS[i]!, screen)).toEqual(model);
    }
    // The edge of the resized image is the last pixel of the screen.
    expect(toScreenPoint(QWEN25_RESIZE, SCREENS[1]!, [1092, 2408])).toEqual([1079, 2399]);
    expect(() => toScreenPoint(QWEN25_RESIZE, SCREENS[1]!, [1100, 100])).toThrow(
      /outside the model's coordinates \(0–1092 × 0–2408\)/,
    );
  });
});

describe('relative coordinates', () => {
  it("AutoGLM: 0–999 as thousandths, truncated as AutoGLM's code does, at three sizes", () => {
    const points: Array<[number, number]> = [
      [500, 500],
      [999, 999],
      [0, 0],
      [502, 781],
    ];
    expect(SCREENS.map((s) => points.map((p) => toScreenPoint(AUTOGLM_SPACE, s, p)))).toEqual([
      [
        [360, 800],
        [719, 1598],
        [0, 0],
        [361, 1249],
      ],
      [
        [540, 1200],
        [1078, 2397],
        [0, 0],
        [542, 1874],
      ],
      [
        [720, 1600],
        [1438, 3196],
        [0, 0],
        [722, 2499],
      ],
    ]);
    // The image is not resized by a rule: the model sees the screen's own proportions.
    for (const s of SCREENS) expect(imageSizeFor(AUTOGLM_SPACE, s)).toEqual(s);
    expect(() => toScreenPoint(AUTOGLM_SPACE, SCREENS[0]!, [1200, 10])).toThrow(/outside/);
  });

  it('Qwen-VL: the model name picks the version (Qwen3-VL a 0–1000 grid, else smart_resize pixels)', () => {
    for (const name of ['Qwen3-VL-8B-Instruct', 'qwen/qwen3-vl-235b-a22b', 'qwen-3-vl'])
      expect(qwenSpace(name)).toBe(QWEN3_GRID);
    for (const name of ['Qwen2.5-VL-7B-Instruct', 'qwen2.5vl:7b', null]) expect(qwenSpace(name)).toBe(QWEN25_RESIZE);
  });

  it('Qwen3-VL: 0–1000 rounded to the nearest pixel, at three sizes', () => {
    expect(SCREENS.map((s) => toScreenPoint(QWEN3_GRID, s, [333, 667]))).toEqual([
      [240, 1067],
      [360, 1601],
      [480, 2134],
    ]);
  });
});

describe('GUI-Owl (smart_resize, at most 12800 patches)', () => {
  it("resizes three phone screens as Qwen2.5-VL does and maps the model's pixels back to the screen's", () => {
    expect(SCREENS.map((s) => imageSizeFor(GUI_OWL_RESIZE, s))).toEqual([
      { width: 728, height: 1596 },
      { width: 1092, height: 2408 },
      { width: 1428, height: 3192 },
    ]);
    const cases: Array<[number, [number, number], [number, number]]> = [
      [0, [364, 798], [360, 800]],
      [1, [548, 1880], [542, 1874]],
      [2, [357, 2873], [360, 2880]],
    ];
    for (const [i, model, screen] of cases) {
      expect(toScreenPoint(GUI_OWL_RESIZE, SCREENS[i]!, model)).toEqual(screen);
      expect(toModelPoint(GUI_OWL_RESIZE, SCREENS[i]!, screen)).toEqual(model);
    }
  });

  it('scales a screen past 12800 patches down where Qwen2.5-VL would not', () => {
    const tablet = { width: 2560, height: 4000 };
    expect(imageSizeFor(QWEN25_RESIZE, tablet)).toEqual({ width: 2548, height: 4004 });
    expect(imageSizeFor(GUI_OWL_RESIZE, tablet)).toEqual({ width: 2520, height: 3948 });
    expect(toScreenPoint(GUI_OWL_RESIZE, tablet, [1260, 3948])).toEqual([1280, 3999]);
    expect(() => toScreenPoint(GUI_OWL_RESIZE, tablet, [2548, 100])).toThrow(/0–2520 × 0–3948/);
  });
});
