/**
 * Tiny, well-formed video containers written box by box (no ffmpeg needed) for the upload tests:
 * an MP4 (ISO BMFF: ftyp, moov with mvhd and one video trak, mdat) and a WebM (EBML header,
 * Segment with Info, Tracks and one Cluster). They carry no playable frames; they are whole
 * containers, which is what the upload check decides on.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

/** An ISO BMFF box: 32-bit size, four-character type, payload. */
export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
/** A "full box": version and flags first. */
const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...payload);

const MATRIX = Buffer.concat([u32(0x00010000), u32(0), u32(0), u32(0), u32(0x00010000), u32(0), u32(0), u32(0), u32(0x40000000)]);

export function tinyMp4(brand = 'isom'): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(`${brand}iso2mp41`, 'latin1'));
  const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(1000), u32(1000), u32(0x00010000), u16(0x0100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2));
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(1000),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    MATRIX,
    u32(16 << 16),
    u32(16 << 16),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(1000), u32(1000), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
  const vmhd = fullBox('vmhd', 0, 1, u16(0), Buffer.alloc(6));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(0)),
    fullBox('stts', 0, 0, u32(0)),
    fullBox('stsc', 0, 0, u32(0)),
    fullBox('stsz', 0, 0, u32(0), u32(0)),
    fullBox('stco', 0, 0, u32(0)),
  );
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl)));
  const moov = box('moov', mvhd, trak);
  const mdat = box('mdat', Buffer.alloc(64, 0x11));
  return Buffer.concat([ftyp, moov, mdat]);
}

/** EBML variable-size integer of 8 bytes (always valid, never "unknown"). */
const vsize = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  b[0] = 0x01;
  return b;
};
const idBytes = (id: number) => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return Buffer.from(out);
};
export const ebml = (id: number, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), vsize(body.length), body]);
};
const uint = (id: number, n: number) => ebml(id, Buffer.from([n]));
const str = (id: number, s: string) => ebml(id, Buffer.from(s, 'latin1'));

export const ebmlHeader = (docType = 'webm') =>
  ebml(0x1a45dfa3, uint(0x4286, 1), uint(0x42f7, 1), uint(0x42f2, 4), uint(0x42f3, 8), str(0x4282, docType), uint(0x4287, 4), uint(0x4285, 2));

export function tinyWebm(): Buffer {
  const info = ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), str(0x4d80, 'test'), str(0x5741, 'test'));
  const tracks = ebml(0x1654ae6b, ebml(0xae, uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 1), str(0x86, 'V_VP8'), ebml(0xe0, uint(0xb0, 16), uint(0xba, 16))));
  const cluster = ebml(0x1f43b675, uint(0xe7, 0));
  return Buffer.concat([ebmlHeader(), ebml(0x18538067, info, tracks, cluster)]);
}
