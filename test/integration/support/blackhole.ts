import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Blackhole {
  url: string;
  /** Requests (connections) held open right now. */
  open(): number;
  /** The most held open at once since the last `reset`. */
  maxOpen(): number;
  /** Connections accepted since the last `reset`. */
  accepted(): number;
  /** Drops every held connection (the sender sees an error at once) and zeroes the counts. */
  reset(): void;
  close(): Promise<void>;
}

/** A webhook receiver on loopback that accepts connections and never answers: each attempt ends only at the sender's time-out. */
export async function startBlackhole(): Promise<Blackhole> {
  const sockets = new Set<net.Socket>();
  let max = 0;
  let accepted = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    accepted++;
    max = Math.max(max, sockets.size);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dropAll = (): void => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    open: () => sockets.size,
    maxOpen: () => max,
    accepted: () => accepted,
    reset() {
      dropAll();
      max = 0;
      accepted = 0;
    },
    close() {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
