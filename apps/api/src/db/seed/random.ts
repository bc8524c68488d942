/** A small deterministic PRNG (mulberry32), so demo data is the same on every machine. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** Pick with weights (items of [value, weight]). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of items) {
      r -= weight;
      if (r < 0) return value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
