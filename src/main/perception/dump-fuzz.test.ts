import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { PerceptionStats, ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import { dumpFixtureNames, readDumpFixture } from '../../../test/support/fixtures.ts';
import { MAX_DUMP_CHARS } from './dump-decode.ts';
import { parseDump, parseDumpGeneral } from './dump-parse.ts';
import { scanDump } from './dump-scan.ts';
import type { ScannedTag } from './dump-scan.ts';
import { dumpXml, syntheticScreen } from '@moba/testkit';
import { mulberry32 } from '@moba/base';
import type { SyntheticNode } from '@moba/testkit';
import { processViewHierarchy } from './view-hierarchy.ts';

/** The contract under fuzzing: a valid result or DUMP_INVALID — never another error, never a hang. */
function outcome(input: string | Uint8Array): 'ok' | 'invalid' {
  try {
    const r = processViewHierarchy(input);
    ScreenSize.parse(r.screen);
    PerceptionStats.parse(r.stats);
    for (const e of r.elements) UiElement.parse(e);
    return 'ok';
  } catch (error) {
    if (error instanceof MobaError && error.code === 'DUMP_INVALID') return 'invalid';
    throw error;
  }
}

function expectInvalid(input: string | Uint8Array, message?: RegExp): void {
  let caught: unknown;
  try {
    processViewHierarchy(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MobaError);
  expect((caught as MobaError).code).toBe('DUMP_INVALID');
  if (message) expect((caught as MobaError).message).toMatch(message);
}

/** What the fast reader sees, to compare with saxes. */
function scanned(xml: string): ScannedTag[] | undefined {
  const tags: ScannedTag[] = [];
  return scanDump(xml, { open: (t) => tags.push(t), close: () => undefined }) ? tags : undefined;
}

/** A result or the error's message, to compare two readers. */
function settle<T>(fn: () => T): { value: T } | { error: string } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const NAMES = dumpFixtureNames();

describe('dump input that is not a dump', () => {
  it('refuses empty, blank, non-XML and no-node input with a clear DUMP_INVALID', () => {
    expectInvalid('', /empty/);
    expectInvalid('   \r\n\t ', /empty/);
    expectInvalid(new Uint8Array(0), /empty/);
    expectInvalid('{"hierarchy": []}', /not well-formed XML/);
    expectInvalid('<html><body><p>hello</p></body></html>', /no <node>/);
    expectInvalid('<?xml version="1.0"?><hierarchy rotation="0"/>', /no <node>/);
    expectInvalid('ERROR: null root node returned by UiTestAutomationBridge.', /not well-formed/);
    expectInvalid('<hierarchy><node bounds="[0,0][10,10]"></hierarchy>', /not well-formed/);
    expectInvalid('<hierarchy><node text="a" bounds="[0,0][1080,2400]"/></hierarchy><junk/>', /not well-formed/);
    expectInvalid('<hierarchy><node text="&nbsp;" bounds="[0,0][1080,2400]"/></hierarchy>', /not well-formed/);
    expectInvalid('<hierarchy><node text="x" bounds="0,0,10,10"/></hierarchy>', /invalid bounds/);
    expectInvalid('<hierarchy><node text="x"/></hierarchy>', /no bounds/);
  });

  it.each(NAMES)('%s: every truncation is DUMP_INVALID', (name) => {
    const xml = readDumpFixture(name);
    const end = xml.lastIndexOf('>');
    const rand = mulberry32(name.length * 7919);
    const cuts = [0, 1, 10, 39, 40, 60, end - 1, end, ...Array.from({ length: 25 }, () => Math.floor(rand() * end))];
    for (const cut of cuts) {
      if (xml.slice(0, cut).trim() === '') expectInvalid(xml.slice(0, cut), /empty/);
      else expectInvalid(xml.slice(0, cut));
    }
  });

  it('names the wrong encoding: UTF-16 read as text, Latin-1 read as UTF-8, UTF-8 read as Latin-1', () => {
    const xml = readDumpFixture('05');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expectInvalid(utf16.toString('utf8'), /NUL/);
    expectInvalid(utf16.toString('latin1'), /NUL/);
    const latin1 = Buffer.from(readDumpFixture('03').replace(/[\u0100-\u{10ffff}]/gu, 'ã'), 'latin1');
    expectInvalid(latin1.toString('utf8'), /U\+FFFD/);
    expectInvalid(new Uint8Array(latin1), /not valid UTF-8/);
    expectInvalid(Buffer.from(xml, 'utf8').toString('latin1'), /C1 control/);
    expectInvalid(xml.replace('<node', '<node\u0001'), /control characters that XML forbids/);
    expectInvalid(xml.replace('<node', '<node\ud800'), /unpaired UTF-16 surrogates/);
    // Declared Latin-1 bytes are read as Latin-1.
    const declared = latin1.toString('latin1').replace("encoding='UTF-8'", "encoding='ISO-8859-1'");
    expect(outcome(new Uint8Array(Buffer.from(declared, 'latin1')))).toBe('ok');
  });

  it('finds one odd character in any value, whether its tag is read the fast way or the long way', () => {
    const xml = readDumpFixture('01');
    const texts = [...xml.matchAll(/ text="([^"]*)"/g)];
    expect(texts.length).toBeGreaterThan(5);
    // The first node's tag is read the long way; later ones are matched whole by its signature.
    for (const at of [0, 5]) {
      const m = texts[at] as RegExpExecArray;
      const withChar = (c: string) => `${xml.slice(0, m.index)} text="${m[1]}${c}x"${xml.slice(m.index + m[0].length)}`;
      expectInvalid(withChar('\u0085'), /C1 control/);
      expectInvalid(withChar('\ufffd'), /U\+FFFD/);
      expectInvalid(withChar('\u0000'), /NUL/);
      expectInvalid(withChar('\u0007'), /control characters that XML forbids/);
      expectInvalid(withChar('\udc00'), /unpaired UTF-16 surrogates/);
      expectInvalid(withChar('\ud83d'), /unpaired UTF-16 surrogates/);
      // Paired surrogates (emoji), CJK and a tab (normalised to a space) are fine.
      const r = processViewHierarchy(withChar('\u{1F600}中\t'));
      expect(r.stats.rawNodes).toBe(processViewHierarchy(xml).stats.rawNodes);
    }
  });

  it('refuses absurd sizes', () => {
    expectInvalid('<'.padEnd(MAX_DUMP_CHARS + 1, ' '), /too large/);
    expectInvalid(dumpXml([{ bounds: [0, 0, 1e12, 1e12] }]), /absurd/);
  });
});

describe('random mutations of the real dumps', () => {
  let totalFastAccepted = 0;
  const MUTATIONS = 40;
  const SNIPPETS = [
    '<',
    '>',
    '&',
    '"',
    "'",
    '/>',
    '</node>',
    '<node>',
    '&#0;',
    '&#x1F600;',
    '&amp',
    ']]>',
    '<!--',
    '\u0000',
    '\ud800',
    '=',
    ' ',
    'bounds="[1,2][3,4]"',
    '<node bounds="[0,0][9,9]"/>',
  ];

  function mutate(xml: string, rand: () => number): string {
    const at = Math.floor(rand() * xml.length);
    const len = 1 + Math.floor(rand() * 40);
    switch (Math.floor(rand() * 5)) {
      case 0:
        return xml.slice(0, at) + xml.slice(at + len);
      case 1:
        return xml.slice(0, at) + (SNIPPETS[Math.floor(rand() * SNIPPETS.length)] as string) + xml.slice(at);
      case 2:
        return xml.slice(0, at) + xml.slice(at, at + len) + xml.slice(at);
      case 3: {
        const b = Math.floor(rand() * xml.length);
        return xml.slice(0, at) + xml.slice(b, b + len) + xml.slice(at + len);
      }
      default:
        return xml.slice(0, at) + String.fromCharCode(Math.floor(rand() * 0x3000)) + xml.slice(at + 1);
    }
  }

  it.each(NAMES)('%s: a result or DUMP_INVALID, and the fast reader never accepts what saxes refuses', (name) => {
    const xml = readDumpFixture(name);
    const rand = mulberry32(name.charCodeAt(0) * 131 + name.charCodeAt(1));
    let ok = 0;
    let fastAccepted = 0;
    for (let i = 0; i < MUTATIONS; i++) {
      let m = xml;
      const rounds = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < rounds; k++) m = mutate(m, rand);
      if (outcome(m) === 'ok') ok++;
      if (scanned(m)) {
        // Accepted by the fast reader ⇒ saxes must accept it and read the same nodes.
        fastAccepted++;
        expect(settle(() => parseDump(m))).toEqual(settle(() => parseDumpGeneral(m)));
      }
    }
    // Some mutations only touch attribute values and stay valid: both outcomes are exercised.
    expect(ok).toBeGreaterThan(0);
    totalFastAccepted += fastAccepted;
  });

  it('exercised the fast reader on some mutated dumps', () => {
    expect(totalFastAccepted).toBeGreaterThan(5);
  });

  it.each(NAMES)(
    '%s: values with references, line ends, tabs and markup characters read the same as with saxes',
    (name) => {
      const xml = readDumpFixture(name);
      const rand = mulberry32(name.length * 31 + 7);
      const inserts = [
        '&amp;',
        '&lt;b&gt;',
        '&#10;',
        '&#x1F600;',
        '&#127881;',
        '\r\n',
        '\r\r\n',
        '\n',
        '\t',
        '>',
        "'",
        '&quot;',
        '&apos;',
        '中文',
        ' ',
      ];
      for (let i = 0; i < 20; i++) {
        const m = xml.replace(/ text="([^"]*)"/g, (whole, value: string) => {
          if (rand() > 0.3) return whole;
          // At a spot outside any reference already in the value, so the result stays well-formed.
          const spots = [0, value.length, ...[...value.matchAll(/[ ,.]/g)].map((x) => x.index)];
          const at = spots[Math.floor(rand() * spots.length)] as number;
          return ` text="${value.slice(0, at)}${inserts[Math.floor(rand() * inserts.length)] as string}${value.slice(at)}"`;
        });
        expect(scanned(m)).toBeDefined();
        expect(parseDump(m)).toEqual(parseDumpGeneral(m));
      }
    },
  );
});

/**
 * Milliseconds to process the dump, the best of `runs` (the first also warms the code up), with
 * the last result.
 */
function timed(xml: string, runs: number): { ms: number; r: ReturnType<typeof processViewHierarchy> } {
  let best = Number.POSITIVE_INFINITY;
  let r: ReturnType<typeof processViewHierarchy> | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    r = processViewHierarchy(xml);
    best = Math.min(best, performance.now() - started);
  }
  return { ms: best, r: r as ReturnType<typeof processViewHierarchy> };
}

/**
 * Ten times the nodes takes about ten times as long when the work is linear and a hundred when
 * it is quadratic: the big dump is held to 40× a tenth-size one measured in the same run (plus
 * 200 ms for timer grain), which a loaded machine stretches alike.
 */
const LINEAR_BOUND = (smallMs: number) => smallMs * 40 + 200;

describe('big dumps finish in time linear in their size', () => {
  it('processes a 50,000-node dump', () => {
    const small = timed(dumpXml([syntheticScreen(5_000, { seed: 3 })]), 3);
    const big = timed(dumpXml([syntheticScreen(50_000, { seed: 3 })]), 1);
    expect(big.r.stats.rawNodes).toBe(50_000);
    expect(big.r.stats.interactive).toBeGreaterThan(10);
    expect(big.ms).toBeLessThan(LINEAR_BOUND(small.ms));
  });

  it('processes a 50,000-deep chain without recursion and 50,000 overlapping clickable siblings', () => {
    let chain: SyntheticNode = { bounds: [0, 0, 1080, 2400], clickable: true, desc: 'leaf' };
    for (let i = 0; i < 50_000; i++) chain = { bounds: [0, 0, 1080, 2400], clickable: i % 2 === 0, children: [chain] };
    const deep = processViewHierarchy(dumpXml([chain]));
    expect(deep.stats.interactive).toBe(1);

    const siblings = (n: number): SyntheticNode[] =>
      Array.from({ length: n }, (_, i) => ({
        bounds: [i % 500, i % 900, 400 + (i % 500), 800 + (i % 900)],
        clickable: true,
      }));
    const screen = (n: number) => dumpXml([{ bounds: [0, 0, 1080, 2400], children: siblings(n) }]);
    const small = timed(screen(5_000), 3);
    const flat = timed(screen(50_000), 1);
    expect(flat.r.stats.interactive + flat.r.stats.droppedOverlap).toBe(50_000);
    expect(flat.ms).toBeLessThan(LINEAR_BOUND(small.ms));
  });
});
