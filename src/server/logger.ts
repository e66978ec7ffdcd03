import { createRequire } from 'node:module';
import { pino } from 'pino';
import type { PinoPretty } from 'pino-pretty';
import type { Config } from './config';

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** "GET /api/courses 200 12 ms" for a request line, else the message as logged. */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine;
  if (req?.method && res?.statusCode !== undefined) {
    const ms = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
    return `${req.method} ${req.url ?? ''} ${res.statusCode}${ms}`;
  }
  return String(log[messageKey] ?? '');
}

/**
 * Where log lines go: for LOG_FORMAT=pretty, a pino-pretty stream writing readable, coloured lines to
 * stdout (pino-pretty is loaded only then); for json, one stdout stream for the whole process. Both
 * write each line synchronously, as Node writes process.stdout to files and pipes on Linux: a process
 * killed at once (SIGKILL, the OOM killer) has written every line it logged, and a line costs about a
 * third of the CPU of an asynchronous write, which hands each line to libuv's thread pool and back
 * (docs/performance.md).
 */
export function logDestination(config: Pick<Config, 'logFormat'>): pino.DestinationStream {
  if (config.logFormat !== 'pretty') {
    jsonDestination ??= pino.destination({ dest: 1, sync: true });
    return jsonDestination;
  }
  const { PinoPretty: pretty } = createRequire(import.meta.url)('pino-pretty') as {
    PinoPretty: typeof PinoPretty;
  };
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: prettyMessage,
    singleLine: true,
    sync: true,
  });
}

let jsonDestination: ReturnType<typeof pino.destination> | undefined;
