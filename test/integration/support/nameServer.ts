import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A name server on loopback (UDP), for the webhook resolver (WEBHOOK_DNS_SERVERS). `answer`
 * decides each query by name: an IPv4 address (an A record; an AAAA query gets no record), or
 * 'never': the query is read and never answered, as a name server that has gone away.
 */
export interface NameServer {
  /** `host:port`, as WEBHOOK_DNS_SERVERS takes it. */
  address: string;
  /** Queries read so far, by name (lower case, without the trailing dot). */
  queries(name: string): number;
  close(): Promise<void>;
}

function questionName(packet: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (packet[at] !== 0) {
    labels.push(packet.subarray(at + 1, at + 1 + packet[at]).toString('ascii'));
    at += packet[at] + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

export async function startNameServer(answer: (name: string) => Promise<string | 'never'> | string | 'never'): Promise<NameServer> {
  const seen = new Map<string, number>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (packet, from) => {
    void (async () => {
      const { name, end } = questionName(packet);
      seen.set(name, (seen.get(name) ?? 0) + 1);
      const qtype = packet.readUInt16BE(end);
      const ip = await answer(name);
      if (ip === 'never') return;
      const question = packet.subarray(12, end + 4);
      const header = Buffer.alloc(12);
      packet.copy(header, 0, 0, 2); // the query's id
      header.writeUInt16BE(0x8180, 2); // a response, recursion desired and available, no error
      header.writeUInt16BE(1, 4);
      const records: Buffer[] = [];
      if (qtype === 1) {
        const record = Buffer.alloc(16);
        record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
        record.writeUInt16BE(1, 2); // A
        record.writeUInt16BE(1, 4); // IN
        record.writeUInt32BE(60, 6); // TTL
        record.writeUInt16BE(4, 10);
        ip.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
        records.push(record);
      }
      header.writeUInt16BE(records.length, 6);
      socket.send(Buffer.concat([header, question, ...records]), from.port, from.address);
    })();
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    queries: (name) => seen.get(name) ?? 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
