import http from 'node:http';
import https from 'node:https';
import { MatcherUnavailableError } from './errors';

/** One matcher the client calls, with its pooled sockets and how many of its calls are in flight. */
export interface Replica {
  base: URL;
  transport: typeof http | typeof https;
  agent: http.Agent;
  basePath: string;
  inFlight: number;
}

/** MATCHER_URL: one matcher, or several replicas separated by commas. */
export function parseMatcherUrls(value: string): URL[] {
  const urls = value
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (urls.length === 0) throw new Error('MATCHER_URL names no matcher');
  return urls.map((u) => new URL(u));
}

/** The replicas of a client and the choice of the one each call goes to. */
export interface ReplicaSet {
  readonly all: readonly Replica[];
  /** `post` on the replica with the fewest calls in flight, and on the next one while a replica is down. */
  onSomeReplica<T>(post: (replica: Replica) => Promise<T>): Promise<T>;
  /** `ask` of every replica at once; undefined for a replica that is down or still loading. */
  askEach<T>(ask: (replica: Replica) => Promise<T>): Promise<Array<T | undefined>>;
  close(): void;
}

function openReplica(base: URL, maxSockets: number): Replica {
  const transport = base.protocol === 'https:' ? https : http;
  // Keep-alive sockets: a screen is ~1 ms of work, so a TCP handshake per call would dominate.
  const agent = new transport.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 1000 });
  return { base, transport, agent, basePath: base.pathname.replace(/\/+$/, ''), inFlight: 0 };
}

function isReplicaDown(err: unknown): err is MatcherUnavailableError {
  return err instanceof MatcherUnavailableError && err.replicaDown;
}

export function createReplicaSet(bases: URL[], maxSockets: number): ReplicaSet {
  const replicas = bases.map((base) => openReplica(base, maxSockets));
  let turn = 0;

  /** Replicas to try, fewest calls in flight first; a stable sort keeps the turn order among equals. */
  function replicaOrder(): Replica[] {
    const start = turn++ % replicas.length;
    return [...replicas.slice(start), ...replicas.slice(0, start)].sort((x, y) => x.inFlight - y.inFlight);
  }

  return {
    all: replicas,
    async onSomeReplica<T>(post: (replica: Replica) => Promise<T>): Promise<T> {
      let lastDown: MatcherUnavailableError | undefined;
      for (const replica of replicaOrder()) {
        try {
          return await post(replica);
        } catch (err) {
          if (!isReplicaDown(err)) throw err;
          lastDown = err;
        }
      }
      throw lastDown as MatcherUnavailableError;
    },
    askEach<T>(ask: (replica: Replica) => Promise<T>): Promise<Array<T | undefined>> {
      return Promise.all(
        replicas.map(async (replica) => {
          try {
            return await ask(replica);
          } catch (err) {
            if (isReplicaDown(err)) return undefined;
            throw err;
          }
        }),
      );
    },
    close() {
      for (const replica of replicas) replica.agent.destroy();
    },
  };
}
