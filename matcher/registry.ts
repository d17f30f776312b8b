import type { IndexedRegistryOrganization } from './engine';

/**
 * NPPES organizations (about 2M) held compactly: sorted NPIs in a Float64Array and every
 * organization's state and names as UTF-8 in one growing buffer with offsets, about 60 bytes
 * an organization instead of several hundred as JS objects. A lookup is a binary search plus
 * one small decode, well under a microsecond; an indexed PostgreSQL query per screen would add
 * a network round trip (~0.3 ms) to every organization screen and a failure mode.
 */
const SEP = '\u0001';

export class RegistryStore {
  private npis = new Float64Array(1024);
  private offsets = new Uint32Array(1025);
  private buf = Buffer.allocUnsafe(64 * 1024);
  private count = 0;
  private pos = 0;
  private sorted = true;

  get size(): number {
    return this.count;
  }

  add(org: IndexedRegistryOrganization): void {
    const npi = Number(org.npi);
    if (!Number.isFinite(npi)) return;
    if (this.count === this.npis.length) {
      const n = new Float64Array(this.npis.length * 2);
      n.set(this.npis);
      this.npis = n;
      const o = new Uint32Array(this.npis.length + 1);
      o.set(this.offsets);
      this.offsets = o;
    }
    if (this.count > 0 && npi <= this.npis[this.count - 1]) this.sorted = false;
    const text = [org.state ?? '', org.legalName, ...org.otherNames].join(SEP);
    const need = Buffer.byteLength(text);
    if (this.pos + need > this.buf.length) {
      const b = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + need));
      this.buf.copy(b, 0, 0, this.pos);
      this.buf = b;
    }
    this.buf.write(text, this.pos);
    this.npis[this.count] = npi;
    this.offsets[this.count] = this.pos;
    this.pos += need;
    this.count++;
    this.offsets[this.count] = this.pos;
  }

  /** Trims the buffers; sorts when rows did not arrive in NPI order. */
  seal(): void {
    if (!this.sorted) {
      const order = Array.from({ length: this.count }, (_, i) => i).sort((a, b) => this.npis[a] - this.npis[b]);
      const npis = new Float64Array(this.count);
      const offsets = new Uint32Array(this.count + 1);
      const buf = Buffer.allocUnsafe(this.pos);
      let p = 0;
      order.forEach((src, dst) => {
        npis[dst] = this.npis[src];
        offsets[dst] = p;
        p += this.buf.copy(buf, p, this.offsets[src], this.offsets[src + 1]);
      });
      offsets[this.count] = p;
      this.npis = npis;
      this.offsets = offsets;
      this.buf = buf;
      this.sorted = true;
      return;
    }
    this.npis = this.npis.slice(0, this.count);
    this.offsets = this.offsets.slice(0, this.count + 1);
    this.buf = Buffer.from(this.buf.subarray(0, this.pos));
  }

  get(npiText: string): IndexedRegistryOrganization | undefined {
    const npi = Number(npiText);
    if (!Number.isFinite(npi)) return undefined;
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.npis[mid];
      if (v === npi) {
        const [state, legalName, ...otherNames] = this.buf.toString('utf8', this.offsets[mid], this.offsets[mid + 1]).split(SEP);
        return { npi: npiText, legalName, otherNames, state: state === '' ? null : state };
      }
      if (v < npi) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  memoryBytes(): number {
    return this.npis.byteLength + this.offsets.byteLength + this.buf.length;
  }
}
