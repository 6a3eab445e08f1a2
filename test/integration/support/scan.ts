/**
 * Looks for secrets in everything a run leaves behind: every file under a folder, recursively,
 * with the entries of zip archives (Playwright blob reports) read as files of their own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { inflateRawSync } from 'node:zlib';

export interface ScannedFile {
  /** Path relative to the scanned folder; zip entries as "<zip>!<entry>". */
  name: string;
  content: Buffer;
}

/** Every file under `root` (and every entry of every .zip among them). */
export function filesUnder(root: string): ScannedFile[] {
  const out: ScannedFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) {
        const content = readFileSync(full);
        const name = relative(root, full);
        out.push({ name, content });
        if (entry.endsWith('.zip')) for (const z of zipEntries(content)) out.push({ name: `${name}!${z.name}`, content: z.content });
        if (entry.endsWith('.html')) for (const b of embeddedBase64(content)) out.push({ name: `${name}!${b.name}`, content: b.content });
      }
    }
  };
  walk(root);
  return out;
}

/**
 * Data a single-file HTML report embeds as base64 strings (Allure 3 writes `d("data/...", "<base64>")`
 * for every result and attachment), decoded so a secret inside cannot hide behind the encoding.
 */
export function embeddedBase64(html: Buffer): { name: string; content: Buffer }[] {
  const text = html.toString('latin1');
  const out: { name: string; content: Buffer }[] = [];
  let i = 0;
  for (const m of text.matchAll(/"([A-Za-z0-9+/]{24,}={0,2})"/g))
    out.push({ name: `base64 string #${++i}`, content: Buffer.from(m[1] ?? '', 'base64') });
  return out;
}

/** Where each needle occurs: "<file>: <needle label>". */
export function findSecrets(
  files: readonly ScannedFile[],
  needles: Record<string, string>,
  extraTexts: Record<string, string> = {},
): string[] {
  const hits: string[] = [];
  const texts = [
    ...files.map((f) => ({ name: f.name, text: f.content.toString('latin1') })),
    ...Object.entries(extraTexts).map(([name, text]) => ({ name, text })),
  ];
  for (const { name, text } of texts) {
    for (const [label, needle] of Object.entries(needles)) if (needle && text.includes(needle)) hits.push(`${name}: ${label}`);
  }
  return hits;
}

/** The entries of a zip archive (stored or deflated), read from its central directory. */
export function zipEntries(zip: Buffer): { name: string; content: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) return [];
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; content: Buffer }[] = [];
  for (let i = 0; i < count && zip.readUInt32LE(p) === 0x02014b50; i += 1) {
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localHeader = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.push({ name, content: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A zip archive of stored (uncompressed) entries: for checking the scan itself. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
