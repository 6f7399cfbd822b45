/**
 * Reading uiautomator dumps and screenshots in tests: nodes with their attributes and bounds
 * (a light regex parser: dumps are generated, one `<node>` per element), and pixel access to
 * PNG screenshots through sharp.
 */
import sharp from 'sharp';

export interface DumpNode {
  attrs: Record<string, string>;
  text: string;
  resourceId: string;
  className: string;
  packageName: string;
  contentDesc: string;
  bounds: { left: number; top: number; right: number; bottom: number };
  center: { x: number; y: number };
  /** Depth in the tree (0 = a window root). */
  depth: number;
}

const UNESCAPE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(value: string): string {
  return value.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return UNESCAPE[code] ?? m;
  });
}

/** Every node of a dump, in document order. */
export function parseDump(xml: string): DumpNode[] {
  const out: DumpNode[] = [];
  let depth = 0;
  for (const match of xml.matchAll(/<node\b([^>]*?)(\/?)>|<\/node>/g)) {
    if (match[0] === '</node>') {
      depth--;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g))
      attrs[a[1] as string] = unescapeXml(a[2] as string);
    const nums = (attrs.bounds ?? '[0,0][0,0]').match(/-?\d+/g)?.map(Number) ?? [0, 0, 0, 0];
    const [left = 0, top = 0, right = 0, bottom = 0] = nums;
    out.push({
      attrs,
      text: attrs.text ?? '',
      resourceId: attrs['resource-id'] ?? '',
      className: attrs.class ?? '',
      packageName: attrs.package ?? '',
      contentDesc: attrs['content-desc'] ?? '',
      bounds: { left, top, right, bottom },
      center: { x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2) },
      depth,
    });
    if (match[2] !== '/') depth++;
  }
  return out;
}

export type NodeQuery = {
  text?: string;
  desc?: string;
  id?: string;
  className?: string;
  textStarts?: string;
  descStarts?: string;
  pkg?: string;
};

export function matches(node: DumpNode, q: NodeQuery): boolean {
  if (q.text !== undefined && node.text !== q.text) return false;
  if (q.desc !== undefined && node.contentDesc !== q.desc) return false;
  if (q.id !== undefined && node.resourceId !== q.id && !node.resourceId.endsWith(`:id/${q.id}`)) return false;
  if (q.className !== undefined && node.className !== q.className) return false;
  if (q.textStarts !== undefined && !node.text.startsWith(q.textStarts)) return false;
  if (q.descStarts !== undefined && !node.contentDesc.startsWith(q.descStarts)) return false;
  if (q.pkg !== undefined && node.packageName !== q.pkg) return false;
  return true;
}

export function findNode(xml: string, q: NodeQuery): DumpNode | undefined {
  return parseDump(xml).find((n) => matches(n, q));
}

/** @throws naming the query and listing what the dump has, so a failing test explains itself. */
export function requireNode(xml: string, q: NodeQuery): DumpNode {
  const node = findNode(xml, q);
  if (!node) {
    const seen = parseDump(xml)
      .map((n) => n.text || n.contentDesc || n.resourceId)
      .filter(Boolean)
      .slice(0, 80)
      .join(' | ');
    throw new Error(`No node matching ${JSON.stringify(q)} in the dump. It has: ${seen}`);
  }
  return node;
}

export interface RawImage {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

export async function decodePng(png: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

export function pixel(image: RawImage, x: number, y: number): [number, number, number] {
  const i = (Math.floor(y) * image.width + Math.floor(x)) * image.channels;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}

export function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function closeTo(a: readonly number[], b: readonly number[], tolerance = 6): boolean {
  return a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);
}

/** Share of the pixels inside the rectangle that are (about) the colour. */
export function fractionOfColor(
  image: RawImage,
  rect: DumpNode['bounds'],
  rgb: readonly number[],
  tolerance = 6,
): number {
  let hit = 0;
  let total = 0;
  for (let y = rect.top; y < rect.bottom; y += 2) {
    for (let x = rect.left; x < rect.right; x += 2) {
      total++;
      if (closeTo(pixel(image, x, y), rgb, tolerance)) hit++;
    }
  }
  return total === 0 ? 0 : hit / total;
}
