/**
 * The video container check (issue 10, item 11): whole MP4/MOV/M4V and WebM files pass; files that
 * only start like one (a renamed text file with an `ftyp` header, a truncated or moov-less MP4, an
 * EBML magic followed by text, a truncated WebM) do not. Also: file-type names them as we expect.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidVideoContainer } from './video';
import { box, ebml, ebmlHeader, tinyMp4, tinyWebm } from './videoFixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-video-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fileOf = (b: Buffer) => {
  const f = path.join(dir, `f${++n}`);
  writeFileSync(f, b);
  return f;
};
const mp4 = tinyMp4();
const webm = tinyWebm();
const text = Buffer.from('hello, this is plain text pretending to be a video file, nothing more.\n'.repeat(20));
const fakeFtyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);

describe('whole containers pass', () => {
  it.each([
    ['mp4', tinyMp4('isom'), 'video/mp4'],
    ['m4v', tinyMp4('M4V '), 'video/x-m4v'],
    ['mov', tinyMp4('qt  '), 'video/quicktime'],
  ])('%s (ISO BMFF)', async (_name, bytes, mime) => {
    const f = fileOf(bytes);
    expect((await fileTypeFromFile(f))?.mime).toBe(mime);
    expect(await isValidVideoContainer(f, 'isobmff')).toBe(true);
  });

  it('webm', async () => {
    const f = fileOf(webm);
    expect((await fileTypeFromFile(f))?.mime).toBe('video/webm');
    expect(await isValidVideoContainer(f, 'webm')).toBe(true);
  });

  it('an mdat of size 0 ("to the end of the file") and a 64-bit box size are understood', async () => {
    const ftyp = mp4.subarray(0, mp4.readUInt32BE(0));
    const realMoov = mp4.subarray(ftyp.length, ftyp.length + mp4.readUInt32BE(ftyp.length));
    expect(realMoov.subarray(4, 8).toString()).toBe('moov');
    const toEnd = Buffer.concat([ftyp, realMoov, Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(100, 1)]);
    expect(await isValidVideoContainer(fileOf(toEnd), 'isobmff')).toBe(true);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(16n + 50n, 8);
    const big = Buffer.concat([ftyp, realMoov, large, Buffer.alloc(50, 2)]);
    expect(await isValidVideoContainer(fileOf(big), 'isobmff')).toBe(true);
  });
});

describe('look-alikes fail', () => {
  it('a text file behind a fake ftyp header (what file-type alone calls video/mp4)', async () => {
    const f = fileOf(Buffer.concat([fakeFtyp, text]));
    expect((await fileTypeFromFile(f))?.mime).toBe('video/mp4');
    expect(await isValidVideoContainer(f, 'isobmff')).toBe(false);
    // the same header padded with zeros (a box of size 0 with no type)
    expect(await isValidVideoContainer(fileOf(Buffer.concat([fakeFtyp, Buffer.alloc(2000)])), 'isobmff')).toBe(false);
  });

  it('a truncated MP4 (the last box runs past the end), junk after the last box, an MP4 without moov or mvhd', async () => {
    expect(await isValidVideoContainer(fileOf(mp4.subarray(0, mp4.length - 1)), 'isobmff')).toBe(false);
    expect(await isValidVideoContainer(fileOf(mp4.subarray(0, 200)), 'isobmff')).toBe(false);
    expect(await isValidVideoContainer(fileOf(Buffer.concat([mp4, Buffer.from('junk')])), 'isobmff')).toBe(false);
    const ftyp = mp4.subarray(0, mp4.readUInt32BE(0));
    expect(await isValidVideoContainer(fileOf(Buffer.concat([ftyp, box('mdat', Buffer.alloc(100))])), 'isobmff')).toBe(false);
    expect(await isValidVideoContainer(fileOf(Buffer.concat([ftyp, box('moov', box('trak')), box('mdat', Buffer.alloc(10))])), 'isobmff')).toBe(false);
    // a first box that is not ftyp (nor an old QuickTime atom)
    expect(await isValidVideoContainer(fileOf(Buffer.concat([box('abcd', Buffer.alloc(8)), mp4])), 'isobmff')).toBe(false);
  });

  it('an EBML magic followed by text, a Matroska (not WebM) DocType, a WebM without Tracks, a truncated WebM', async () => {
    expect(await isValidVideoContainer(fileOf(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), text])), 'webm')).toBe(false);
    const header = ebmlHeader();
    expect(await isValidVideoContainer(fileOf(Buffer.concat([header, text])), 'webm')).toBe(false);
    const rest = webm.subarray(header.length);
    expect(await isValidVideoContainer(fileOf(Buffer.concat([ebmlHeader('matroska'), rest])), 'webm')).toBe(false);
    const infoOnly = ebml(0x18538067, ebml(0x1549a966, ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40]))));
    expect(await isValidVideoContainer(fileOf(Buffer.concat([header, infoOnly])), 'webm')).toBe(false);
    expect(await isValidVideoContainer(fileOf(webm.subarray(0, webm.length - 3)), 'webm')).toBe(false);
  });

  it('plain text and an empty-ish file', async () => {
    expect(await isValidVideoContainer(fileOf(text), 'isobmff')).toBe(false);
    expect(await isValidVideoContainer(fileOf(text), 'webm')).toBe(false);
    expect(await isValidVideoContainer(fileOf(Buffer.alloc(4)), 'isobmff')).toBe(false);
  });
});
