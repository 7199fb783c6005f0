import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileDiagLog, LOG_FILE, MemoryDiagLog } from './log.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function fileLines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').slice(0, -1);
}

describe('FileDiagLog', () => {
  let dir: string;
  let stderr: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fuseforks-log-'));
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    stderr.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  function stderrText(): string {
    return stderr.mock.calls.map((call: unknown[]) => String(call[0])).join('');
  }

  it('writes "<ISO timestamp> [fuseforks] <line>" lines to the file', () => {
    const path = join(dir, LOG_FILE);
    const log = new FileDiagLog(path, { stderr: false });
    log.note('hello world');
    log.note('second');
    const lines = fileLines(path);
    expect(lines).toHaveLength(2);
    for (const [i, text] of ['hello world', 'second'].entries()) {
      const line = lines[i] ?? '';
      const space = line.indexOf(' ');
      const stamp = line.slice(0, space);
      expect(stamp).toMatch(ISO);
      expect(new Date(stamp).toISOString()).toBe(stamp);
      expect(line.slice(space + 1)).toBe(`[fuseforks] ${text}`);
    }
  });

  it('uses the injected clock for the timestamp', () => {
    const path = join(dir, LOG_FILE);
    const log = new FileDiagLog(path, { stderr: false, now: () => new Date('2024-03-04T05:06:07.089Z') });
    log.note('tick');
    expect(readFileSync(path, 'utf8')).toBe('2024-03-04T05:06:07.089Z [fuseforks] tick\n');
  });

  it('writes "[fuseforks] <line>" to stderr without a timestamp by default', () => {
    const path = join(dir, LOG_FILE);
    const log = new FileDiagLog(path);
    log.note('to stderr');
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(stderrText()).toBe('[fuseforks] to stderr\n');
  });

  it('does not write to stderr when stderr is false', () => {
    const log = new FileDiagLog(join(dir, LOG_FILE), { stderr: false });
    log.note('quiet');
    log.warn('quiet too');
    expect(stderr).not.toHaveBeenCalled();
  });

  it('prefixes warn lines with "WARN " in the file and on stderr', () => {
    const path = join(dir, LOG_FILE);
    const log = new FileDiagLog(path, { now: () => new Date('2024-01-01T00:00:00.000Z') });
    log.warn('disk is full');
    expect(readFileSync(path, 'utf8')).toBe('2024-01-01T00:00:00.000Z [fuseforks] WARN disk is full\n');
    expect(stderrText()).toBe('[fuseforks] WARN disk is full\n');
  });

  it('flattens embedded newlines so that one call is one line', () => {
    const path = join(dir, LOG_FILE);
    const log = new FileDiagLog(path);
    log.note('first\nsecond');
    log.warn('a\r\nb\rc\n\nd');
    log.note('trailing\n');
    const lines = fileLines(path);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/ \[fuseforks\] first second$/);
    expect(lines[1]).toMatch(/ \[fuseforks\] WARN a b c d$/);
    expect(lines[2]).toMatch(/ \[fuseforks\] trailing $/);
    const err = stderrText().split('\n').slice(0, -1);
    expect(err).toEqual(['[fuseforks] first second', '[fuseforks] WARN a b c d', '[fuseforks] trailing ']);
  });

  it('creates the file with mode 0600', () => {
    const path = join(dir, LOG_FILE);
    new FileDiagLog(path, { stderr: false }).note('x');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('appends to an existing file', () => {
    const path = join(dir, LOG_FILE);
    writeFileSync(path, 'old line\n', { mode: 0o600 });
    new FileDiagLog(path, { stderr: false }).note('new line');
    const lines = fileLines(path);
    expect(lines[0]).toBe('old line');
    expect(lines[1]).toMatch(/ \[fuseforks\] new line$/);
  });

  describe('rotation', () => {
    it('moves the old content to fuseforks.log.old and keeps the live file under the limit', () => {
      const path = join(dir, LOG_FILE);
      const log = new FileDiagLog(path, { stderr: false, rotateBytes: 200 });
      const written: string[] = [];
      let i = 0;
      while (!existsSync(`${path}.old`) && i < 50) {
        const line = `line-${String(i).padStart(3, '0')}`;
        log.note(line);
        written.push(line);
        i += 1;
      }
      expect(existsSync(`${path}.old`)).toBe(true);
      expect(i).toBeGreaterThan(1);
      const old = fileLines(`${path}.old`);
      const live = fileLines(path);
      // The first line went to .old, the most recent one is in the live file, nothing lost in between.
      expect(old[0]).toMatch(/ \[fuseforks\] line-000$/);
      expect(live.at(-1)).toMatch(new RegExp(` \\[fuseforks\\] ${written.at(-1)}$`));
      const all = [...old, ...live].map((l) => l.replace(/^\S+ \[fuseforks\] /, ''));
      expect(all).toEqual(written);
      expect(statSync(`${path}.old`).size).toBeLessThanOrEqual(200);
      expect(statSync(path).size).toBeLessThanOrEqual(200);
    });

    it('keeps only one generation after several rotations', () => {
      const path = join(dir, LOG_FILE);
      const log = new FileDiagLog(path, { stderr: false, rotateBytes: 200 });
      for (let i = 0; i < 100; i += 1) {
        log.note(`entry number ${i} with some padding`);
        expect(statSync(path).size).toBeLessThanOrEqual(200);
      }
      expect(readdirSync(dir).sort()).toEqual([LOG_FILE, `${LOG_FILE}.old`]);
      const live = readFileSync(path, 'utf8');
      const old = readFileSync(`${path}.old`, 'utf8');
      expect(live).toContain('entry number 99 with some padding');
      expect(old).not.toContain('entry number 0 with');
      expect(statSync(path).size).toBeLessThanOrEqual(200);
    });

    it('counts the size of a pre-existing file towards rotation', () => {
      const path = join(dir, LOG_FILE);
      writeFileSync(path, `${'x'.repeat(180)}\n`);
      const log = new FileDiagLog(path, { stderr: false, rotateBytes: 200 });
      log.note('this line does not fit');
      expect(readFileSync(`${path}.old`, 'utf8')).toBe(`${'x'.repeat(180)}\n`);
      expect(fileLines(path)).toHaveLength(1);
      expect(readFileSync(path, 'utf8')).toMatch(/ \[fuseforks\] this line does not fit\n$/);
    });
  });

  describe('write failures never throw', () => {
    it('tolerates a path inside a folder that does not exist', () => {
      const path = join(dir, 'missing', 'deeper', LOG_FILE);
      const log = new FileDiagLog(path, { rotateBytes: 200 });
      expect(() => {
        log.note('note line');
        log.warn('warn line');
        for (let i = 0; i < 20; i += 1) log.note(`more ${i}`);
      }).not.toThrow();
      expect(existsSync(join(dir, 'missing'))).toBe(false);
      // stderr still gets the lines.
      expect(stderrText()).toContain('[fuseforks] note line\n');
      expect(stderrText()).toContain('[fuseforks] WARN warn line\n');
    });

    it('tolerates a path whose folder is a file', () => {
      const blocker = join(dir, 'not-a-dir');
      writeFileSync(blocker, 'i am a file');
      const log = new FileDiagLog(join(blocker, LOG_FILE), { stderr: false });
      expect(() => {
        log.note('note line');
        log.warn('warn line');
      }).not.toThrow();
      expect(readFileSync(blocker, 'utf8')).toBe('i am a file');
    });

    it('does not throw when stderr.write throws', () => {
      stderr.mockImplementation(() => {
        throw new Error('EPIPE');
      });
      const path = join(dir, LOG_FILE);
      const log = new FileDiagLog(path);
      expect(() => log.note('still logged')).not.toThrow();
      expect(readFileSync(path, 'utf8')).toMatch(/ \[fuseforks\] still logged\n$/);
    });
  });
});

describe('MemoryDiagLog', () => {
  it('keeps notes and WARN-prefixed warnings in order', () => {
    const log = new MemoryDiagLog();
    log.note('a');
    log.warn('b');
    expect(log.lines).toEqual(['a', 'WARN b']);
  });
});
