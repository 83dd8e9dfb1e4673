/**
 * How passwords go on the wire, in one place for both adapters and every call that carries one (login,
 * reset password, change password): 'md5' (the default, like the back end's own web client; the back
 * end accepts the plain password or its md5 at login) or 'plain'. Not a security measure (TLS is): it
 * only matches the wire format.
 */
export type PasswordEncoding = 'md5' | 'plain';

/** A password as the adapter sends it. */
export function encodePassword(encoding: PasswordEncoding, password: string): string {
  return encoding === 'md5' ? md5(password) : password;
}

/* MD5 (RFC 1321) of a string's UTF-8 bytes, as 32 lowercase hex digits. */

/** Per-round left-rotation amounts. */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

/** K[i] = floor(|sin(i + 1)| * 2^32). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) >>> 0);

function pad(bytes: Uint8Array): Uint8Array {
  const bitLength = bytes.length * 8;
  const total = (((bytes.length + 8) >> 6) + 1) << 6; // room for 0x80 and the 64-bit length
  const out = new Uint8Array(total);
  out.set(bytes);
  out[bytes.length] = 0x80;
  const view = new DataView(out.buffer);
  view.setUint32(total - 8, bitLength >>> 0, true);
  view.setUint32(total - 4, Math.floor(bitLength / 0x100000000), true);
  return out;
}

export function md5(text: string): string {
  const data = pad(new TextEncoder().encode(text));
  const view = new DataView(data.buffer);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Array<number>(16);
  for (let offset = 0; offset < data.length; offset += 64) {
    for (let j = 0; j < 16; j++) m[j] = view.getUint32(offset + j * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + (K[i] ?? 0) + (m[g] ?? 0)) >>> 0;
      const s = SHIFTS[i] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0]) {
    for (let k = 0; k < 4; k++) hex += ((word >>> (k * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}
