/**
 * A small seeded pseudo-random generator for the demo data: sfc32 seeded through the cyrb128 string hash. Only
 * integer operations are used, so a given seed yields the same sequence on every machine and Node version.
 * Not for anything secret.
 */
export interface Prng {
  /** Next unsigned 32-bit integer. */
  uint32(): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability perMille / 1000. */
  chance(perMille: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `bytes` random bytes as lower-case hex (no 0x prefix). */
  hex(bytes: number): string;
  /** An independent generator derived from this one's seed and `label` (so adding draws to one stream never shifts another). */
  fork(label: string): Prng;
}

/** cyrb128: four 32-bit words from a string. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function createPrng(seed: string): Prng {
  let [a, b, c, d] = cyrb128(seed);

  const uint32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Mix the state before the first draw (the first outputs of sfc32 are weak).
  for (let i = 0; i < 15; i += 1) uint32();

  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      throw new RangeError(`Invalid integer range [${String(min)}, ${String(max)}].`);
    }
    const span = max - min + 1;
    if (span <= 0x1_0000_0000) {
      // Rejection sampling keeps the distribution uniform.
      const limit = Math.floor(0x1_0000_0000 / span) * span;
      let value = uint32();
      while (value >= limit) value = uint32();
      return min + (value % span);
    }
    const high = int(0, Math.floor((span - 1) / 0x1_0000_0000));
    return Math.min(max, min + high * 0x1_0000_0000 + uint32());
  };

  return {
    uint32,
    int,
    chance: (perMille) => int(0, 999) < perMille,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list.');
      return items[int(0, items.length - 1)] as T;
    },
    hex: (bytes) => {
      let out = '';
      for (let i = 0; i < bytes; i += 1) out += int(0, 255).toString(16).padStart(2, '0');
      return out;
    },
    fork: (label) => createPrng(`${seed}/${label}`),
  };
}
