// A TCP proxy between one API process and PostgreSQL, which the fleet can cut: that process loses
// its database while the other keeps its own (fault db-cut-one, decision 099).
import net from 'node:net';

export interface DatabaseProxy {
  /** The database URL through the proxy: what the one process is given. */
  url: string;
  /** Every open connection dropped, and new ones dropped as they arrive. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Listens on a free local port and passes each connection through to `targetUrl`'s host and port. */
export async function databaseProxy(targetUrl: string): Promise<DatabaseProxy> {
  const target = new URL(targetUrl);
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    // Accepted and dropped, rather than refused: the pool sees its connection end, as in a network cut.
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    open.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
