import { extname } from 'node:path';
import type { AgentTool, ToolContext } from '../../orchestrator/tool.ts';
import { NO_FENCE, type WriteFence } from '../work-dir/fence.ts';
import { MAX_OUTPUT_CHARS } from '../work-dir/limits.ts';
import type { Language } from '../../domain/enums.ts';
import { workDirTexts } from '../work-dir/texts.ts';
import { openTarget } from '../work-dir/edit-target.ts';
import { finishEdit } from '../work-dir/two-phase.ts';
import { charCount, errorDetail, writeTexts } from '../work-dir/write-texts.ts';
import type { Opened, Scalar } from './yq-document.ts';
import { openJson } from './yq-json.ts';
import { parseKey } from './yq-key.ts';
import { openToml } from './yq-toml.ts';
import { YQ_SPEC, YQ_TEXTS } from './yq-texts.ts';

const OPS = ['get', 'set', 'remove'] as const;

/** Stage 3: `.toml` and `.json` only; YAML is said to be unsupported. */
function extensionRefusal(rel: string, language: Language): string | null {
  const Y = YQ_TEXTS[language];
  const ext = extname(rel).toLowerCase();
  if (ext === '.toml' || ext === '.json') return null;
  if (ext === '.yaml' || ext === '.yml') return Y.yaml(rel);
  return Y.extension(rel);
}

/**
 * `yq`: get / set / remove one key of an existing TOML or JSON file (ledger part 4
 * `write_tools_contract`). get is read-only; set and remove are two-phase and go through the fence.
 * No batch mode, on purpose (Spec 17 freeze 8).
 */
export function yqTool(fence: WriteFence = NO_FENCE): AgentTool {
  return {
    name: 'yq',
    wantsReason: true,
    specFor: (ctx) => {
      const t = YQ_SPEC[ctx.language];
      return {
        name: 'yq',
        description: t.description,
        parameters: {
          type: 'object',
          properties: {
            op: { type: 'string', enum: [...OPS], description: t.op },
            path: { type: 'string', description: t.path },
            key: { type: 'string', description: t.key },
            // No `type`: a string, number or boolean are all valid here.
            value: { description: t.value },
            apply: { type: 'boolean', description: t.apply },
          },
          required: ['op', 'path', 'key'],
        },
      };
    },
    async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      try {
        return await run(args, ctx, fence);
      } catch (error) {
        return writeTexts(ctx.language).unexpected(errorDetail(error));
      }
    },
  };
}

async function run(args: Record<string, unknown>, ctx: ToolContext, fence: WriteFence): Promise<string> {
  const { language } = ctx;
  const Y = YQ_TEXTS[language];
  if (ctx.workDir === null) return workDirTexts(language).workDirMissing;
  const op = args.op;
  if (op !== 'get' && op !== 'set' && op !== 'remove') return Y.badOp;
  const key = parseKey(args.key, language);
  if (!key.ok) return key.message;
  let value: Scalar = null;
  if (op === 'set') {
    if (!('value' in args) || args.value === undefined) return Y.valueMissing;
    const raw = args.value;
    if (raw !== null && typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      return Y.valueNotScalar;
    }
    if (typeof raw === 'number' && !Number.isFinite(raw)) return Y.valueNotScalar;
    value = raw;
  }

  const file = await openTarget(ctx.workDir, args.path, {
    strict: op !== 'get',
    language,
    extension: (rel) => extensionRefusal(rel, language),
  });
  if (!file.ok) return file.message;
  const json = extname(file.rel).toLowerCase() === '.json';
  const opened: Opened = json
    ? openJson(file.rel, file.text, language)
    : openToml(file.rel, file.text, language);
  if (!opened.ok) return opened.message;
  const doc = opened.doc;
  const keyText = args.key as string;

  if (op === 'get') {
    const got = doc.get(key.segments);
    return got.ok ? bounded(Y.got(file.rel, keyText, got.type, got.text), language) : got.message;
  }
  // A fenced yq write is refused already at preview (Spec 55 freeze 9): passing the preview and
  // refusing the apply would cost the servant a round for nothing.
  const refused = fence.refuse(ctx, 'yq_write', [file.rel]);
  if (refused !== null) return refused;
  const edit = op === 'set' ? doc.set(key.segments, value) : doc.remove(key.segments);
  if (!edit.ok) return edit.message;
  if ('same' in edit) return writeTexts(language).noChange(file.rel, edit.why);
  return finishEdit({
    ctx,
    fence,
    op: 'yq_write',
    root: file.root,
    abs: file.abs,
    rel: file.rel,
    before: file.text,
    after: edit.after,
    apply: args.apply === true,
    what: edit.what,
    sameWhy: Y.sameText,
    tooLargeHint: Y.tooLargeHint(json),
  });
}

/** A read result is cut (and says so) at a line boundary before 12,000 characters. */
function bounded(text: string, language: Language): string {
  const total = charCount(text);
  if (total <= MAX_OUTPUT_CHARS) return text;
  const head = [...text].slice(0, MAX_OUTPUT_CHARS - 200).join('');
  const cut = head.lastIndexOf('\n') > 0 ? head.slice(0, head.lastIndexOf('\n')) : head;
  return `${cut}\n${YQ_TEXTS[language].cut(total, charCount(cut))}`;
}
