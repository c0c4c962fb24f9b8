/**
 * Small deterministic PNGs for avatars and thumbnails: a background colour and a lighter square
 * derived from the id, so the same id always gives the same picture and neighbours look different.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function makePng(seed: number, width: number, height: number): Buffer {
  const hue = (seed * 2654435761) >>> 0;
  const background = [hue & 0xff, (hue >>> 8) & 0xff, (hue >>> 16) & 0xff].map((v) => 40 + (v % 160));
  const foreground = background.map((v) => Math.min(255, v + 70));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const inSquare = x > width / 4 && x < (3 * width) / 4 && y > height / 4 && y < (3 * height) / 4;
      const colour = inSquare ? foreground : background;
      row[1 + x * 3] = colour[0] as number;
      row[2 + x * 3] = colour[1] as number;
      row[3 + x * 3] = colour[2] as number;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
