import type { Server } from 'node:http';
import net from 'node:net';

/**
 * Stops a server the way a deploy needs: no new connections, every request already sent gets its answer.
 * `server.close()` alone (Node 19+) also drops connections it sees as idle, and that includes one whose
 * request has arrived but not been read yet (a busy event loop): its client gets ECONNRESET. So: stop
 * listening only, answer everything from now on with `Connection: close`, and end the connections that stay
 * idle once `graceMs` has passed. Resolves when the last connection has ended.
 */
export const drainServer = (server: Server, graceMs = 1000): Promise<void> =>
  new Promise((resolve) => {
    let closed = false;
    let sweeper: NodeJS.Timeout | undefined;
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    net.Server.prototype.close.call(server, () => {
      closed = true;
      clearInterval(sweeper);
      resolve();
    });
    setTimeout(() => {
      if (closed) return;
      server.closeIdleConnections();
      sweeper = setInterval(() => server.closeIdleConnections(), 250);
    }, graceMs).unref();
  });
