import type { Language } from '../../domain/enums.ts';
import type { RootProblem } from './roots.ts';

const n = (value: number) => value.toLocaleString('en-US');

export interface RagTexts {
  description: string;
  op: string;
  path: string;
  pattern: string;
  section: string;
  unknownOp: (op: string) => string;
  needString: (name: string) => string;
  emptyPattern: string;
  noValidRoot: string;
  rootProblem: (root: string, problem: RootProblem) => string;
  outsideRoots: (path: string) => string;
  notFound: (path: string) => string;
  ambiguousPath: (path: string, candidates: string[]) => string;
  noFiles: string;
  outlineCut: (shown: number, total: number) => string;
  walkCut: (cap: number) => string;
  skipped: (count: number) => string;
  noMatch: (pattern: string, files: number) => string;
  matches: (total: number, shown: number) => string;
  noSection: (section: string, path: string, titles: string[]) => string;
  ambiguousSection: (section: string, candidates: string[]) => string;
  tooLarge: (what: string, lines: number, chars: number, subsections: string[]) => string;
  failed: (error: unknown) => string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The rag tool's spec and result texts, in the village language. */
export const RAG_TEXTS: Record<Language, RagTexts> = {
  ja: {
    description:
      '宣言された参照フォルダ（rag_sources）の Markdown を見出しで引きます。' +
      'op: "outline" = ファイル一覧と各ファイルの見出し木 / "search" = pattern を含む行（大文字小文字は区別しない、正規表現ではない）とその行が属する見出しの経路 / ' +
      '"read" = path のファイルの section（見出し名）の本文と breadcrumb。section は完全一致 → 大文字小文字無視 → 部分一致の順に探し、複数当たれば候補を返します。' +
      '出力は 12,000 字まで、1 行 240 字まで。read は大きすぎる節を切らずに拒否するので、search で位置を絞るか下位の節を読んでください。',
    op: '"outline" / "search" / "read"',
    path: '参照フォルダの絶対パスか、その中の相対パス（フォルダかファイル）。outline と search では省略すると全フォルダ',
    pattern: 'search で探す文字列（大文字小文字は区別しない。正規表現ではない）',
    section: 'read で読む節の見出し名。省略するとファイル全体',
    unknownOp: (op) => `op が不明です: ${op}。outline / search / read のどれかを指定してください。`,
    needString: (name) => `${name} は文字列で指定してください。`,
    emptyPattern: 'pattern が空です。探す文字列を指定してください。',
    noValidRoot: '有効な参照フォルダがありません（rag_sources が空か、すべて見つかりません）。',
    rootProblem: (root, problem) =>
      `（使えない参照フォルダ: ${root} — ${{ not_absolute: '絶対パスではありません', missing: '見つかりません', not_folder: 'フォルダではありません' }[problem]}）`,
    outsideRoots: (path) =>
      `参照フォルダの外です: ${path}。rag は rag_sources に宣言されたフォルダの中だけを読みます。`,
    notFound: (path) =>
      `参照フォルダの中に見つかりません（Markdown のファイルかフォルダ）: ${path}。outline で一覧できます。`,
    ambiguousPath: (path, candidates) =>
      `${path} は複数の参照フォルダにあります。絶対パスで指定してください:\n${candidates.join('\n')}`,
    noFiles: 'Markdown ファイルがありません。',
    outlineCut: (shown, total) =>
      `（全 ${n(total)} ファイルのうち ${n(shown)} ファイルで出力上限 12,000 字に達しました。path でフォルダを絞ってください。）`,
    walkCut: (cap) => `（走査の上限 ${n(cap)} ファイルで止めました。path でフォルダを絞ってください。）`,
    skipped: (count) =>
      `（${n(count)} ファイルは読みませんでした: ハードリンク、2 MB 超、名前に制御文字があるもの、または読めないファイル）`,
    noMatch: (pattern, files) => `「${pattern}」を含む行はありません（${n(files)} ファイルを探しました）。`,
    matches: (total, shown) =>
      shown === total
        ? `${n(total)} 行が一致しました`
        : `一致した ${n(total)} 行のうち ${n(shown)} 行を表示しています（出力上限 12,000 字）。path で絞ってください。`,
    noSection: (section, path, titles) =>
      `${path} に「${section}」という見出しはありません。見出し:\n${titles.join('\n') || '（見出しがありません）'}`,
    ambiguousSection: (section, candidates) =>
      `「${section}」に当たる見出しが複数あります。どれかの見出し名をそのまま指定してください:\n${candidates.join('\n')}`,
    tooLarge: (what, lines, chars, subsections) =>
      `${what} は ${n(lines)} 行・${n(chars)} 字で、出力上限 12,000 字を超えるため返しません（途中で切ると節の全体と読まれるため、切り詰めもしません）。` +
      `search で位置を絞るか、節を分けてください。` +
      (subsections.length > 0 ? `\n下位の見出し:\n${subsections.join('\n')}` : ''),
    failed: (error) => `rag の実行に失敗しました: ${reason(error)}`,
  },
  en: {
    description:
      'Look up the Markdown of the declared reference folders (rag_sources) by heading. ' +
      'op: "outline" = the files and each file\'s heading tree / "search" = lines containing pattern (case ignored, not a regular expression) with the headings they sit under / ' +
      '"read" = the body of the section named section in the file path, with a breadcrumb. section is matched exactly, then ignoring case, then as a part of a title; several hits come back as candidates. ' +
      'Output is at most 12,000 characters, 240 per line. read refuses a section too large rather than cutting it: narrow it with search or read a subsection.',
    op: '"outline" / "search" / "read"',
    path: 'An absolute path of a reference folder or a path relative to one (folder or file). For outline and search, default: every folder',
    pattern: 'Text search looks for (case ignored, not a regular expression)',
    section: 'The heading of the section read returns. Default: the whole file',
    unknownOp: (op) => `Unknown op: ${op}. Use one of outline / search / read.`,
    needString: (name) => `${name} must be a string.`,
    emptyPattern: 'pattern is empty. Give the text to look for.',
    noValidRoot: 'No reference folder is available (rag_sources is empty or none of its folders exists).',
    rootProblem: (root, problem) =>
      `(reference folder unavailable: ${root} — ${{ not_absolute: 'not an absolute path', missing: 'not found', not_folder: 'not a folder' }[problem]})`,
    outsideRoots: (path) =>
      `Outside the reference folders: ${path}. rag reads only inside the folders declared in rag_sources.`,
    notFound: (path) =>
      `Not found in the reference folders (a Markdown file or a folder): ${path}. outline lists them.`,
    ambiguousPath: (path, candidates) =>
      `${path} is in several reference folders. Give an absolute path:\n${candidates.join('\n')}`,
    noFiles: 'No Markdown files.',
    outlineCut: (shown, total) =>
      `(The 12,000-character output limit was reached after ${n(shown)} of ${n(total)} files. Narrow the folder with path.)`,
    walkCut: (cap) => `(The walk stopped at its limit of ${n(cap)} files. Narrow the folder with path.)`,
    skipped: (count) =>
      `(${n(count)} files were not read: hard links, over 2 MB, control characters in the name, or unreadable)`,
    noMatch: (pattern, files) => `No line contains "${pattern}" (${n(files)} files searched).`,
    matches: (total, shown) =>
      shown === total
        ? `${n(total)} matching ${total === 1 ? 'line' : 'lines'}`
        : // shown < total here, so total is at least 2: always "lines".
          `${n(shown)} of ${n(total)} matching lines shown (12,000-character output limit). Narrow with path.`,
    noSection: (section, path, titles) =>
      `${path} has no heading "${section}". Headings:\n${titles.join('\n') || '(no headings)'}`,
    ambiguousSection: (section, candidates) =>
      `Several headings match "${section}". Give one of them exactly:\n${candidates.join('\n')}`,
    tooLarge: (what, lines, chars, subsections) =>
      `${what} is ${n(lines)} lines and ${n(chars)} characters, over the 12,000-character output limit, so it is not returned (nor cut: a cut section would read as the whole of it). ` +
      'Narrow it with search, or split the section.' +
      (subsections.length > 0 ? `\nSubsections:\n${subsections.join('\n')}` : ''),
    failed: (error) => `rag failed: ${reason(error)}`,
  },
};
