import { open, type FileHandle } from 'node:fs/promises';

/**
 * Structural checks of the video containers portfolio uploads accept. `file-type` only looks at the
 * first bytes (an `ftyp` box, an EBML magic), which any renamed file can carry; these walk the
 * container far enough to be sure the file is one, whole:
 *
 * - ISO BMFF (MP4, M4V, QuickTime MOV): the top-level boxes, each with a printable four-character
 *   type and a size ≥ 8, follow one another exactly up to the end of the file (a box running past the
 *   end — a truncated file — or junk after the last box fails); the first box is `ftyp` (QuickTime
 *   files from before `ftyp` may start with `moov`, `mdat`, `wide`, `free`, `skip` or `pnot`); one
 *   `moov` box holds an `mvhd` header and at least one `trak`, all inside it.
 * - WebM: an EBML header whose DocType is `webm`, then a Segment whose known-size children fit in the
 *   file, holding Info and Tracks before the first Cluster (live recordings write the Segment and its
 *   Clusters with "unknown size": those are accepted once Info and Tracks were seen).
 */
export type VideoContainer = 'isobmff' | 'webm';

const MAX_TOP_LEVEL_BOXES = 10_000;

async function readAt(fh: FileHandle, pos: number, len: number): Promise<Buffer> {
  const buf = Buffer.alloc(len);
  const { bytesRead } = await fh.read(buf, 0, len, pos);
  return buf.subarray(0, bytesRead);
}

const isFourCC = (b: Buffer) => b.length === 4 && [...b].every((c) => c >= 0x20 && c <= 0x7e);

type Box = { type: string; start: number; headerSize: number; end: number };

/** The boxes in [from, to) of the file, or null when they do not tile that range exactly. */
async function boxesIn(fh: FileHandle, from: number, to: number, maxBoxes: number): Promise<Box[] | null> {
  const boxes: Box[] = [];
  let pos = from;
  while (pos < to) {
    if (boxes.length >= maxBoxes || to - pos < 8) return null;
    const head = await readAt(fh, pos, 16);
    if (head.length < 8) return null;
    let size = head.readUInt32BE(0);
    const type = head.subarray(4, 8);
    if (!isFourCC(type)) return null;
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      const big = head.readBigUInt64BE(8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(big);
      headerSize = 16;
    } else if (size === 0) {
      size = to - pos; // "to the end": only meaningful for the last box
    }
    if (size < headerSize || pos + size > to) return null;
    boxes.push({ type: type.toString('latin1'), start: pos, headerSize, end: pos + size });
    pos += size;
  }
  return boxes;
}

const QT_FIRST = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

async function isIsoBmff(fh: FileHandle, fileSize: number): Promise<boolean> {
  const top = await boxesIn(fh, 0, fileSize, MAX_TOP_LEVEL_BOXES);
  if (!top || top.length === 0) return false;
  const first = top[0];
  if (!QT_FIRST.has(first.type)) return false;
  if (first.type === 'ftyp') {
    // major brand, minor version, then whole compatible brands
    const payload = first.end - first.start - first.headerSize;
    if (payload < 8 || payload % 4 !== 0) return false;
  }
  if (top.filter((b) => b.type === 'ftyp').length > 1) return false;
  const moovs = top.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) return false;
  const moov = moovs[0];
  const children = await boxesIn(fh, moov.start + moov.headerSize, moov.end, 100_000);
  if (!children) return false;
  const mvhd = children.filter((b) => b.type === 'mvhd');
  if (mvhd.length !== 1) return false;
  // mvhd: version/flags, then at least the version-0 fields (timescale, duration, rate, …)
  if (mvhd[0].end - mvhd[0].start - mvhd[0].headerSize < 100) return false;
  return children.some((b) => b.type === 'trak');
}

// ───────────────────────────── EBML (WebM) ─────────────────────────────

const EBML_MAGIC = 0x1a45dfa3;
const ID_DOCTYPE = 0x4282;
const ID_SEGMENT = 0x18538067;
const ID_INFO = 0x1549a966;
const ID_TRACKS = 0x1654ae6b;
const ID_CLUSTER = 0x1f43b675;

/** Reads an EBML element ID (1–4 bytes, marker bits kept) at `pos` of `b`. */
function readId(b: Buffer, pos: number): { id: number; len: number } | null {
  const first = b[pos];
  if (first === undefined || first === 0) return null;
  const len = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (len > 4 || pos + len > b.length) return null;
  let id = 0;
  for (let i = 0; i < len; i++) id = id * 256 + b[pos + i];
  return { id, len };
}

/** Reads an EBML data size (1–8 bytes); `unknown` when all value bits are ones. */
function readSize(b: Buffer, pos: number): { size: number; len: number; unknown: boolean } | null {
  const first = b[pos];
  if (first === undefined || first === 0) return null;
  const len = Math.clz32(first) - 23;
  if (pos + len > b.length) return null;
  let value = first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    const byte = b[pos + i];
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  if (!Number.isSafeInteger(value)) return null;
  return { size: value, len, unknown: allOnes };
}

type Element = { id: number; dataStart: number; size: number; unknown: boolean };

async function elementAt(fh: FileHandle, pos: number): Promise<Element | null> {
  const head = await readAt(fh, pos, 12);
  const id = readId(head, 0);
  if (!id) return null;
  const size = readSize(head, id.len);
  if (!size) return null;
  return { id: id.id, dataStart: pos + id.len + size.len, size: size.size, unknown: size.unknown };
}

async function isWebm(fh: FileHandle, fileSize: number): Promise<boolean> {
  const header = await elementAt(fh, 0);
  if (!header || header.id !== EBML_MAGIC || header.unknown) return false;
  const headerEnd = header.dataStart + header.size;
  if (header.size > 4096 || headerEnd > fileSize) return false;
  const body = await readAt(fh, header.dataStart, header.size);
  let docType: string | null = null;
  for (let p = 0; p < body.length;) {
    const id = readId(body, p);
    if (!id) return false;
    const size = readSize(body, p + id.len);
    if (!size || size.unknown) return false;
    const start = p + id.len + size.len;
    if (start + size.size > body.length) return false;
    if (id.id === ID_DOCTYPE)
      docType = body
        .subarray(start, start + size.size)
        .toString('latin1')
        .replace(/\0+$/, '');
    p = start + size.size;
  }
  if (docType !== 'webm') return false;

  const segment = await elementAt(fh, headerEnd);
  if (!segment || segment.id !== ID_SEGMENT) return false;
  const segmentEnd = segment.unknown ? fileSize : segment.dataStart + segment.size;
  if (segmentEnd > fileSize) return false;
  let info = false;
  let tracks = false;
  let pos = segment.dataStart;
  for (let n = 0; pos < segmentEnd && n < MAX_TOP_LEVEL_BOXES; n++) {
    const el = await elementAt(fh, pos);
    if (!el) return false;
    if (el.id === ID_CLUSTER || el.unknown) break; // media data: Info and Tracks must come first
    const end = el.dataStart + el.size;
    if (end > segmentEnd) return false;
    if (el.id === ID_INFO) info = true;
    if (el.id === ID_TRACKS) tracks = el.size > 0;
    pos = end;
  }
  return info && tracks;
}

/** Whether the file at `filePath` really is a whole video of the given container. */
export async function isValidVideoContainer(filePath: string, container: VideoContainer): Promise<boolean> {
  const fh = await open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    if (size < 16) return false;
    return container === 'webm' ? await isWebm(fh, size) : await isIsoBmff(fh, size);
  } finally {
    await fh.close();
  }
}
