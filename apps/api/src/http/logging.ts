import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { RequestHandler } from 'express';

/** Secrets never reach a log line: headers, body fields and the tokens some spec paths carry. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.code',
  '*.otp',
  '*.token',
  '*.access_token',
  '*.forgot_password_token',
];

const TOKEN_PATH = /^(\/api\/(?:forgot-password\/token|signup\/activate|create-merchant|auth\/ticket|contact-change))\/[^/?]+/;

/** Tokens in paths (reset, activation, wizard links) and every query value are replaced before logging. */
export const redactUrl = (url: string): string => {
  // Most requests carry neither: the URL is logged as it is, with nothing allocated.
  if (!url.includes('?') && !TOKEN_PATH.test(url)) return url;
  const [pathname, query] = url.split('?', 2);
  const safePath = pathname.replace(TOKEN_PATH, '$1/[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return /token|code|otp|password|evt/i.test(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
};

/** Standard output, written in blocks of at least this many bytes (or every FLUSH_MS): one write per ~20 lines. */
const STDOUT_BLOCK = 4096;
const FLUSH_MS = 250;

/**
 * Standard output, buffered: a write per log line was about 7 % of a billing read's CPU (issue 12). Lines reach
 * the output within FLUSH_MS, and pino writes what is left when the process exits (also after an uncaught error);
 * only a SIGKILL can lose the last quarter second of lines.
 */
const bufferedStdout = (): DestinationStream => {
  const stream = pino.destination({ dest: 1, minLength: STDOUT_BLOCK, sync: false });
  // With a callback, a flush after the stream ended reports the error there instead of throwing it.
  const timer = setInterval(() => stream.flush(() => undefined), FLUSH_MS).unref();
  stream.once('close', () => clearInterval(timer));
  return stream;
};

export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination ?? bufferedStdout());

/** The caller's `X-Request-Id` when it is a plain token, else a new UUID; echoed in the response. */
export const assignRequestId = (req: IncomingMessage, res: ServerResponse): string => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
};

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id (`X-Request-Id`), set by requestLogger. */
    id?: string;
    /** A logger whose lines carry the request (method, redacted URL, id), set by requestLogger. */
    log?: Logger;
  }
}

const levelOf = (status: number, failed: boolean): 'error' | 'warn' | 'info' => (failed || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/**
 * The access log: one line per request when its answer is finished (or the connection closed first), at
 * `info`, `warn` for a 4xx, `error` for a 5xx or a failed response, with the request (id, method, redacted URL,
 * user agent), the status and the time taken. `req.log` is a logger bound to the request, made only when a
 * handler logs. Written here rather than with pino-http, which builds that bound logger (serializing the
 * request) for every request: the same line for less CPU on every call (issue 12).
 *
 * A completed request's line holds only fields made safe above (no header, no body, the URL redacted), so it
 * is written without the logger's path redaction, which copies every line it looks at (about a tenth of a
 * cached billing read's CPU); a failed request's line carries an error and goes through the redaction.
 */
export const requestLogger = (logger: Logger): RequestHandler => {
  const safeLines = logger.child({}, { redact: { paths: [] } });
  return (req, res, next) => {
    const started = Date.now();
    const id = assignRequestId(req, res);
    const fields = { id, method: req.method, url: redactUrl(req.url), userAgent: req.headers['user-agent'] };
    req.id = id;
    defineLazyLog(req);
    (req as RequestWithLog)[ACCESS] = { logger, fields, bound: undefined };
    // 'close' follows 'finish' on every response, and comes alone when the connection closed first.
    const done = (error?: unknown): void => {
      res.off('close', done);
      res.off('error', done);
      const failed = error instanceof Error || res.statusCode >= 500;
      const line: Record<string, unknown> = { req: fields, res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
      if (failed) line.err = error instanceof Error ? error : new Error(`failed with status code ${res.statusCode}`);
      const message = failed ? 'request errored' : !req.readableAborted && res.writableFinished ? 'request completed' : 'request aborted';
      (failed ? logger : safeLines)[levelOf(res.statusCode, failed)](line, message);
    };
    res.on('close', done);
    res.on('error', done);
    next();
  };
};

const ACCESS = Symbol('access log');
type RequestWithLog = IncomingMessage & { [ACCESS]?: { logger: Logger; fields: Record<string, unknown>; bound: Logger | undefined } };
const withLazyLog = new WeakSet<object>();

/**
 * `req.log`, made on first use, is a getter on the requests' prototype (Express's `app.request`), defined once:
 * a getter defined on each request would give every request object a shape of its own, which slows every
 * later read of it (issue 12).
 */
const defineLazyLog = (req: IncomingMessage): void => {
  const prototype = Object.getPrototypeOf(req) as object;
  if (withLazyLog.has(prototype)) return;
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    enumerable: false,
    get(this: RequestWithLog): Logger | undefined {
      const access = this[ACCESS];
      if (!access) return undefined;
      access.bound ??= access.logger.child({ req: access.fields });
      return access.bound;
    },
  });
  withLazyLog.add(prototype);
};
