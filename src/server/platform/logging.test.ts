/**
 * The log's destination and per-request lines (decision 0047): lines are dropped and counted, never queued without
 * bound, while stdout does not drain — with a real pipe nobody reads — and the count is logged once it drains;
 * request ids are kept only when sane; the request line's level follows status and duration.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_BUFFER_BYTES, pathOf, RequestLogController, requestIdOf, StdoutLogStream } from './logging';

/** A stdout whose unwritten bytes the test sets. */
class FakeOut extends EventEmitter {
  writableLength = 0;
  written: string[] = [];
  write(line: string) {
    this.written.push(line);
    return true;
  }
}

describe('StdoutLogStream', () => {
  it('drops lines while stdout holds more than the bound, and says how many once it drains', () => {
    const out = new FakeOut();
    const stream = new StdoutLogStream(out as unknown as NodeJS.WriteStream, 1000);
    expect(stream.write('a\n')).toBe(true);
    out.writableLength = 1001;
    for (let i = 0; i < 5; i += 1) expect(stream.write(`dropped ${i}\n`)).toBe(false);
    expect(out.written).toEqual(['a\n']);
    out.writableLength = 0;
    out.emit('drain');
    expect(out.written).toHaveLength(2);
    expect(JSON.parse(out.written[1]!)).toMatchObject({ level: 40, dropped: 5, msg: 'log lines dropped: stdout did not drain' });
    // counted afresh: a second stall reports only its own lines
    out.writableLength = 2000;
    stream.write('x\n');
    out.writableLength = 0;
    out.emit('drain');
    expect(JSON.parse(out.written[2]!)).toMatchObject({ dropped: 1 });
    expect(out.listenerCount('drain')).toBe(0);
  });

  it('with stdout a real pipe nobody reads: the event loop goes on and what waits in stdout stays under the bound', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-logpipe-'));
    const script = path.join(dir, 'flood.ts');
    // 40 MB of log lines into a pipe that is never read; a timer must keep firing while they are written
    writeFileSync(
      script,
      `import { StdoutLogStream } from ${JSON.stringify(path.resolve('src/server/platform/logging.ts'))};
const stream = new StdoutLogStream();
const line = JSON.stringify({ level: 20, msg: 'request', url: '/api/tasks', pad: 'x'.repeat(150) }) + '\\n';
let ticks = 0;
let most = 0;
let dropped = 0;
const tick = setInterval(() => (ticks += 1), 5);
let round = 0;
const burst = setInterval(() => {
  for (let i = 0; i < 2000; i += 1) if (!stream.write(line)) dropped += 1;
  most = Math.max(most, stream.bufferedBytes);
  if ((round += 1) === 100) {
    clearInterval(burst);
    clearInterval(tick);
    process.stderr.write(JSON.stringify({ most, dropped, ticks, rss: process.memoryUsage().rss }) + '\\n');
    process.exit(0);
  }
}, 1);
`,
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      // stdout: a pipe that is never read (paused: the kernel's buffer fills and stays full)
      child.stdout.pause();
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 30_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code, err).toBe(0);
      const report = JSON.parse(err.trim().split('\n').at(-1)!) as { most: number; dropped: number; ticks: number };
      expect(report.most).toBeLessThanOrEqual(LOG_BUFFER_BYTES + 1000);
      expect(report.dropped).toBeGreaterThan(100_000);
      expect(report.ticks).toBeGreaterThan(10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('request ids and paths', () => {
  it('keeps a sane X-Request-Id, replaces anything else with a UUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(requestIdOf({ headers: { 'x-request-id': 'abc-123' } })).toBe('abc-123');
    expect(requestIdOf({ headers: { 'x-request-id': '1-5f0c:trace.span_9' } })).toBe('1-5f0c:trace.span_9');
    for (const bad of ['', 'a'.repeat(129), 'Root=1', 'has space', 'line\nbreak', 'quote"', 'ünï', '<script>']) {
      expect(requestIdOf({ headers: { 'x-request-id': bad } }), JSON.stringify(bad)).toMatch(uuid);
    }
    expect(requestIdOf({ headers: { 'x-request-id': ['a', 'b'] } })).toMatch(uuid);
    expect(requestIdOf({ headers: {} })).toMatch(uuid);
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
    expect(requestIdOf({ headers: { 'x-request-id': 'a'.repeat(128) } })).toBe('a'.repeat(128));
  });

  it('a path loses its query string', () => {
    expect(pathOf('/api/admin/users?search=someone@example.com')).toBe('/api/admin/users');
    expect(pathOf('/api/tasks')).toBe('/api/tasks');
    expect(pathOf(undefined)).toBe('');
  });
});

describe('RequestLogController', () => {
  function logged(status: number, ms: number, error?: Error) {
    const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
    const log = Object.fromEntries(
      ['debug', 'info', 'warn', 'error'].map((level) => [level, (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg })]),
    );
    const request = { method: 'GET', url: '/api/tasks?search=private', routeOptions: { url: '/api/tasks' }, log } as unknown as FastifyRequest;
    const reply = { statusCode: status, elapsedTime: ms, log } as unknown as FastifyReply;
    new RequestLogController().requestCompleted(error, request, reply);
    return lines;
  }

  it('an ordinary request: one debug line, the path without its query', () => {
    expect(logged(200, 12)).toEqual([
      { level: 'debug', msg: 'request', fields: { method: 'GET', url: '/api/tasks', route: '/api/tasks', status: 200, ms: 12 } },
    ]);
    expect(logged(404, 3).map((l) => l.level)).toEqual(['debug']);
  });

  it('slower than a second: info; a server error: warn', () => {
    expect(logged(200, 1500).map((l) => [l.level, l.msg])).toEqual([['info', 'slow request']]);
    expect(logged(503, 5).map((l) => [l.level, l.msg])).toEqual([['warn', 'request failed']]);
    expect(logged(200, 5, new Error('socket hang up')).map((l) => l.level)).toEqual(['warn']);
  });
});
