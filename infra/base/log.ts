import pino, { type Logger } from 'pino';
import { config } from './config';

/**
 * Structured JSON logs for every process. Secrets never reach a log line: the redaction
 * list covers the places a key or signing secret could travel (headers, bodies, config).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'signingSecret',
  '*.signingSecret',
  'password',
  '*.password',
];

export function createLogger(service: string, level: string = config.logLevel): Logger {
  return pino({
    level,
    base: { service, pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export type { Logger };
