import zlib from 'node:zlib';

/*
 * A minimal PNG encoder (8-bit truecolour, no interlace) so the demo seed and tests can make real images
 * without shipping binary files.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = readonly [number, number, number];

/** Encodes a width × height image whose colour at (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/**
 * A product-shot-like banner: a diagonal gradient between two colours with a soft light disc ("the
 * product") and a darker ground line.
 */
export function bannerPng(from: Rgb, to: Rgb, accent: Rgb, width = 480, height = 300): Buffer {
  const cx = width * 0.62;
  const cy = height * 0.45;
  const radius = height * 0.28;
  return encodePng(width, height, (x, y) => {
    let c = mix(from, to, (x / width + y / height) / 2);
    const d = Math.hypot(x - cx, y - cy);
    if (d < radius) c = mix(accent, c, Math.min(1, (d / radius) ** 3));
    if (y > height * 0.82) c = mix(c, [20, 20, 24], 0.25);
    return c;
  });
}
