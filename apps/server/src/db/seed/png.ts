import { crc32, deflateSync } from "node:zlib";

/**
 * A tiny generator of real PNG images (8-bit RGB, a vertical colour gradient) for demo photos,
 * so photo downloads and thumbnails have genuine image bytes behind them.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export type Rgb = readonly [number, number, number];

/** A width × height PNG fading from `top` to `bottom`. */
export function createPng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // compression, filter and interlace methods stay 0
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const t = height > 1 ? y / (height - 1) : 0;
    const row = y * (1 + width * 3); // each row starts with filter type 0
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.round(top[c]! + (bottom[c]! - top[c]!) * t);
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
