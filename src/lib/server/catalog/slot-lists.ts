// A short list of numbers per slot (the facet index's value ids per product), packed one after the
// other in one typed array. Counting facets walks these lists for every product in a listing's
// scope; kept as 77,000 small arrays, that walk took 9 ms for a top category of 24,000 products,
// most of it spent reaching scattered memory. A replaced list is written anew at the end; the space
// it left is reclaimed once the dead space outgrows the live lists.

export class SlotLists {
  /** Read directly by hot loops: slot s's list is arena[start[s]] … arena[start[s] + length[s] - 1]. */
  arena = new Int32Array(1024);
  start = new Int32Array(64);
  length = new Int32Array(64);
  private used = 0;
  private live = 0;

  set(slot: number, list: readonly number[]): void {
    this.clear(slot);
    if (slot >= this.start.length) this.growSlots(slot + 1);
    if (this.used + list.length > this.arena.length) this.makeRoom(list.length);
    this.arena.set(list, this.used);
    this.start[slot] = this.used;
    this.length[slot] = list.length;
    this.used += list.length;
    this.live += list.length;
  }

  clear(slot: number): void {
    if (slot >= this.length.length) return;
    this.live -= this.length[slot]!;
    this.length[slot] = 0;
  }

  list(slot: number): Int32Array {
    return slot < this.length.length
      ? this.arena.subarray(this.start[slot], this.start[slot]! + this.length[slot]!)
      : new Int32Array(0);
  }

  /** Compacts when half the arena is dead, else grows it. */
  private makeRoom(needed: number): void {
    const size = Math.max(1024, 2 * (this.live + needed));
    const arena =
      this.used - this.live > this.live
        ? new Int32Array(Math.max(size, this.arena.length))
        : new Int32Array(Math.max(size, this.arena.length * 2));
    let used = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const length = this.length[slot]!;
      if (length === 0) continue;
      arena.set(this.arena.subarray(this.start[slot], this.start[slot]! + length), used);
      this.start[slot] = used;
      used += length;
    }
    this.arena = arena;
    this.used = used;
  }

  private growSlots(minSlots: number): void {
    const size = Math.max(minSlots, this.start.length * 2);
    const start = new Int32Array(size);
    const length = new Int32Array(size);
    start.set(this.start);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }
}
