import { describe, expect, it } from 'vitest';
import type { RunCapture, RunEnding } from './process-tree.ts';
import { formatRunResult } from './run-result.ts';
import { NAMED_PROCESSES_MAX } from './tree-lines.ts';
import type { TreeReport } from './tree-tracker.ts';

const empty = { head: Buffer.alloc(0), totalBytes: 0 };
const capture = (ending: RunEnding, tree: TreeReport | null): RunCapture => ({
  ending,
  stdout: empty,
  stderr: empty,
  elapsedMs: 5,
  tree,
});
const format = (ending: RunEnding, tree: TreeReport | null, language: 'ja' | 'en' = 'ja') =>
  formatRunResult('/usr/bin/sh', '/work', capture(ending, tree), 60, language).split('\n');

describe('formatRunResult: the tree kill', () => {
  it('says which processes it killed and which it could not, right after the ending line', () => {
    const lines = format(
      { kind: 'timeout' },
      {
        killed: [
          { pid: 10, name: 'sh' },
          { pid: 12, name: 'sleep' },
        ],
        unkilled: [
          { pid: 13, name: 'sudo', reason: 'EPERM', state: 'S' },
          { pid: 14, name: 'nfs-read', reason: 'still_running', state: 'D' },
        ],
      },
    );
    expect(lines.slice(2, 6)).toEqual([
      '時間切れ: 60 秒を超えたため、プロセスを子孫ごと終了させようとしましたが、一部が残っています（上限は run.json の timeoutSecs）。下の出力は終了までに出た分です。',
      '終了させたプロセス（2 個）: sh, sleep',
      '終了できなかったプロセス（2 個、まだ動いています）: 13 sudo（権限がありません: EPERM）, 14 nfs-read（SIGKILL を送っても終わりません（状態 D））',
      '（子孫は /proc で追っています。環境変数を消したうえで見回りより先に親から離れたプロセスは、セッションからも離れていたり、見回りより先にコマンドが終わっていたりすると見つけられません）',
    ]);
    expect(lines[6]).toBe('--- stdout ---');
  });

  it('names killed processes without pids, sorted and grouped, so a repeated call reads the same', () => {
    const killed = (list: [number, string][]) => ({
      killed: list.map(([pid, name]) => ({ pid, name })),
      unkilled: [],
    });
    const first = format(
      { kind: 'interrupted' },
      killed([
        [10, 'sleep'],
        [11, 'sh'],
        [12, 'sleep'],
      ]),
    );
    const again = format(
      { kind: 'interrupted' },
      killed([
        [31, 'sleep'],
        [30, 'sleep'],
        [29, 'sh'],
      ]),
    );
    expect(first[3]).toBe('終了させたプロセス（3 個）: sh, sleep ×2');
    expect(again).toEqual(first);
  });

  it('calls what remained after a normal exit leftovers, and counts past the named maximum', () => {
    const names = Array.from({ length: NAMED_PROCESSES_MAX + 3 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const killed = [...names, 'p22'].map((name, i) => ({ pid: 100 + i, name }));
    const lines = format({ kind: 'exited', code: 0 }, { killed, unkilled: [] });
    expect(lines[2]).toBe('終了コード: 0');
    expect(lines[3]).toBe(
      `コマンドの終了後も残っていた子孫プロセスを終了させました（24 個）: ${names.slice(0, 20).join(', ')}, ほか 4 個`,
    );
  });

  it('keeps the lines of today where nothing was tracked or nothing was left', () => {
    expect(format({ kind: 'interrupted' }, null)[2]).toBe(
      '中断: ターンが打ち切られたため、プロセスを子孫ごと終了しました。下の出力は終了までに出た分です。',
    );
    expect(format({ kind: 'exited', code: 1 }, { killed: [], unkilled: [] }).slice(2, 4)).toEqual([
      '終了コード: 1',
      '--- stdout ---',
    ]);
  });

  it('says the same in English for an English village, with ASCII brackets', () => {
    const lines = format(
      { kind: 'timeout' },
      {
        killed: [{ pid: 10, name: 'sh' }],
        unkilled: [{ pid: 13, name: 'sudo', reason: 'EPERM', state: 'S' }],
      },
      'en',
    );
    expect(lines.slice(0, 5)).toEqual([
      'Executable: /usr/bin/sh',
      'Working directory: /work',
      'Timed out: over 60 seconds, so the process and its descendants were to be killed, but some are left (the limit is timeoutSecs in run.json). The output below is what came before the end.',
      'Processes killed (1): sh',
      'Processes that could not be killed (1, still running): 13 sudo (no permission: EPERM)',
    ]);
    expect(lines.join('\n')).not.toMatch(/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/u);
  });
});
