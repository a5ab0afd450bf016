import type { LogLevel } from '../config/env';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One line per event on stdout (debug, info) or stderr (warn, error): time, level, message, then fields. */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>): void => {
    if (RANK[at] < RANK[level]) return;
    const extra = fields === undefined ? '' : ` ${JSON.stringify(fields, errorReplacer)}`;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${extra}\n`;
    if (RANK[at] >= RANK.warn) process.stderr.write(line);
    else process.stdout.write(line);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
