import type { Language } from '../../domain/enums.ts';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';
import { NO_FENCE, type WriteFence } from '../work-dir/fence.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { readOp } from './file-read.ts';
import { removeOp, osTrash, type TrashFn } from './file-remove.ts';
import { copyOp, moveOp } from './file-move.ts';
import { fileTexts } from './file-texts.ts';
import { appendOp, mkdirOp, writeOp, type OpEnv } from './file-write.ts';

const OPS = ['read', 'write', 'append', 'mkdir', 'move', 'copy', 'remove'] as const;

const TEXT: Record<
  Language,
  { description: string; op: string; path: string; content: string; overwrite: string; to: string }
> = {
  ja: {
    description:
      '作業フォルダの中のファイルとフォルダを扱います。op: read（中身を読む。12,000 字まで。続きを読む方法はないので長いファイルは grep で探す）/ write（新しいファイルを作る。既存のファイルは overwrite: true のときだけ丸ごと置き換える。一部の変更は sd / yq）/ append（末尾へ追記。無ければ作る）/ mkdir（フォルダを作る。途中のフォルダも作る）/ move（移動・名前の変更。移動先が既にあれば上書きしない）/ copy（複製）/ remove（OS のごみ箱へ移す。完全削除はしない）。path と to は作業フォルダからの相対パス。1 ファイル 2 MiB まで、バイナリは扱わない。',
    op: '操作: read / write / append / mkdir / move / copy / remove',
    path: '対象のパス（作業フォルダからの相対パス）',
    content: 'write / append で書く内容（テキスト）',
    overwrite: 'write で既存のファイルを丸ごと置き換えるときだけ true',
    to: 'move / copy の行き先のパス（作業フォルダからの相対パス）',
  },
  en: {
    description:
      'Files and folders inside the work folder. op: read (the content, up to 12,000 characters; there is no way to read further, so search long files with grep) / write (create a new file; an existing file is replaced whole only with overwrite: true; use sd / yq for partial edits) / append (add to the end; creates a missing file) / mkdir (a folder, with missing parents) / move (move or rename; never replaces an existing destination) / copy / remove (moves to the OS trash; never deletes permanently). path and to are relative to the work folder. Files up to 2 MiB; binary files are not handled.',
    op: 'Operation: read / write / append / mkdir / move / copy / remove',
    path: 'The path, relative to the work folder',
    content: 'The text to write (write / append)',
    overwrite: 'true only to replace an existing file whole (write)',
    to: 'The destination path for move / copy, relative to the work folder',
  },
};

export interface FileToolOptions {
  fence?: WriteFence;
  /** Where `remove` sends things; the OS trash unless a test says otherwise. */
  trash?: TrashFn;
}

/** `file`: one tool with a closed set of ops (ledger part 5 `file_tool_contract`). */
export function fileTool(options: FileToolOptions = {}): AgentTool {
  const fence = options.fence ?? NO_FENCE;
  const trash = options.trash ?? osTrash;
  return {
    name: 'file',
    wantsReason: true,
    specFor: (ctx) => {
      const t = TEXT[ctx.language];
      return {
        name: 'file',
        description: t.description,
        parameters: {
          type: 'object',
          properties: {
            op: { type: 'string', enum: [...OPS], description: t.op },
            path: { type: 'string', description: t.path },
            content: { type: 'string', description: t.content },
            overwrite: { type: 'boolean', description: t.overwrite },
            to: { type: 'string', description: t.to },
          },
          required: ['op', 'path'],
        },
      };
    },
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      const failed = () => ctx.flagError?.();
      if (ctx.workDir === null) {
        failed();
        return workDirTexts(ctx.language).workDirMissing;
      }
      const env: OpEnv = {
        workDir: ctx.workDir,
        language: ctx.language,
        fenced: (op, rels) => fence.refuse(ctx, op, rels),
      };
      try {
        return await runOp(env, args, trash, failed);
      } catch (error) {
        failed();
        // Every failure is a result the model can read (never the absolute path).
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        return fileTexts(ctx.language).ioFailed(
          'operation',
          typeof args.path === 'string' ? args.path.slice(0, 200) : '?',
          code,
        );
      }
    },
  };
}

async function runOp(
  env: OpEnv,
  args: Record<string, unknown>,
  trash: TrashFn,
  failed: () => void,
): Promise<string> {
  const F = fileTexts(env.language);
  const content = args.content;
  switch (args.op) {
    case 'read':
      return readOp(env.workDir, args.path, env.language, failed);
    case 'write':
      if (typeof content !== 'string') return F.needString('content');
      return writeOp(env, args.path, content, args.overwrite === true);
    case 'append':
      if (typeof content !== 'string') return F.needString('content');
      return appendOp(env, args.path, content);
    case 'mkdir':
      return mkdirOp(env, args.path);
    case 'move':
      return moveOp(env, args.path, args.to);
    case 'copy':
      return copyOp(env, args.path, args.to);
    case 'remove':
      return removeOp(env, args.path, trash);
    default:
      return F.unknownOp(String(args.op).slice(0, 40));
  }
}
