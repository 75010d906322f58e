/**
 * Serialized List answers of one API process, each tagged with the resource's version (the seq of
 * its newest change in the company, ResourceRepository.version) read before the list was made.
 *
 * Why it is never stale: writes of a company run one at a time (lockWrites), so seq order is
 * commit order, and every write to a record (create, update, soft delete) takes a new seq. A
 * version read now equals the tag only if no change committed since the tagged list was read;
 * a change committed between the version read and the list read makes the tag older than the
 * content, which costs one extra miss, never a wrong answer. Each process keeps its own entries;
 * the tags come from the database, so several processes on PostgreSQL stay right.
 *
 * Keys hold the company, the resource and the checked query; the permission check runs before
 * (preValidation). Bounded by entry count and size, least recently used out first.
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; body: Buffer }>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxBody: number;

  constructor(maxBytes = 16 * 1024 * 1024, maxBody = 512 * 1024) {
    this.maxBytes = maxBytes;
    this.maxBody = maxBody;
  }

  get(key: string, version: number): Buffer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.version !== version) {
      this.bytes -= hit.body.length;
      return undefined;
    }
    this.entries.set(key, hit); // most recently used last
    return hit.body;
  }

  /** Kept as bytes: a kept answer is sent many times and never encoded again. */
  set(key: string, version: number, body: Buffer) {
    if (body.length > this.maxBody) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
  }
}
