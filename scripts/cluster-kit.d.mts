import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

type Log = (line: string) => void;
/** deploy/haproxy/haproxy.cfg */
export const HAPROXY_CFG: string;
/** Installs Debian haproxy when missing; returns its path. */
export function ensureHaproxy(): string;
export function freePort(): Promise<number>;
export function forwardLines(stream: Readable | null, prefix: string, write?: Log): void;
export function startServer(o: {
  name: string;
  port: number;
  args: string[];
  env?: Record<string, string>;
  log?: Log;
}): ChildProcess;
export function startHaproxy(o: { bind: string; servers: [string, string]; log?: Log }): ChildProcess;
export function waitReady(base: string, ms?: number, child?: ChildProcess): Promise<void>;
export function exitOf(child: ChildProcess): Promise<number | null>;
