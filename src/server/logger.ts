import { PinoPretty } from 'pino-pretty';
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
 * stdout (synchronously, so the last lines before an exit are not lost); for json, undefined (pino's
 * own JSON lines on stdout).
 */
export function logDestination(config: Pick<Config, 'logFormat'>): NodeJS.WritableStream | undefined {
  if (config.logFormat !== 'pretty') return undefined;
  return PinoPretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: prettyMessage,
    singleLine: true,
    sync: true,
  });
}
