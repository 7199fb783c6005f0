import type { Language } from '../../domain/enums.ts';

/** Why a verifier that was set did not run (ledger Spec 53, closed set of 7, in check order). */
export type VerifySkip =
  'participant' | 'coordinator' | 'cycle' | 'stopped' | 'timeout' | 'budget' | 'no_answer';

const REASONS: Record<Language, Record<VerifySkip, string>> = {
  ja: {
    participant: '検証役が波の宛先に含まれる',
    coordinator: '検証役が進行役自身',
    cycle: '待ちの輪',
    stopped: '停止中',
    timeout: '時間切れ',
    budget: '予算切れ',
    no_answer: '答えを返さなかった',
  },
  en: {
    participant: 'the verifier is one of the wave’s destinations',
    coordinator: 'the verifier is the coordinator itself',
    cycle: 'wait cycle',
    stopped: 'stopped',
    timeout: 'timed out',
    budget: 'budget exhausted',
    no_answer: 'did not return an answer',
  },
};

const HEADING: Record<Language, string> = { ja: '検証', en: 'Verification' };

/** `## 検証: agent_id（表示名）` and the verifier's answer. */
export function verifiedSection(label: string, answer: string, language: Language): string {
  return `## ${HEADING[language]}: ${label}\n${answer}`;
}

export function skippedSection(label: string, why: VerifySkip, language: Language): string {
  const reason = REASONS[language][why];
  return language === 'ja'
    ? `## ${HEADING.ja}: ${label}\n検証しませんでした（${reason}）。`
    : `## ${HEADING.en}: ${label}\nNot verified (${reason}).`;
}

/**
 * What the verifier is sent (sent automatically by the system): each task's request, the bundle, the
 * four checks and the three-way conclusion. Headings use `## agent_id（表示名）`, never `---`.
 */
export function verifyRequest(
  coordinator: string,
  requests: { label: string; message: string }[],
  bundle: string,
  language: Language,
): string {
  const asked = requests.map((r) => `## ${r.label}\n${r.message}`).join('\n\n');
  if (language === 'ja') {
    return [
      `この依頼はシステムが自動で送っています。${coordinator} が複数のサーヴァントへ出した依頼と、その答えの束ねを検証してください。`,
      `# 依頼\n${asked}`,
      `# 答えの束ね\n${bundle}`,
      '# 見る点\n- 空の答え\n- 依頼の取り違え\n- 答え同士の矛盾\n- 欠けている論点',
      '# 結論\n次の 3 つから 1 つを選び、理由を添えてください: このまま使える / この相手にだけ聞き直す（相手を名指し） / 依頼元に確認する',
    ].join('\n\n');
  }
  return [
    `This request was sent automatically by the system. Check the requests ${coordinator} sent to several servants and the bundle of their answers.`,
    `# Requests\n${asked}`,
    `# Bundle of answers\n${bundle}`,
    '# What to check\n- empty answers\n- misread requests\n- contradictions between answers\n- missing points',
    '# Conclusion\nChoose one of three and give your reason: usable as is / re-ask this servant only (name it) / confirm with the requester',
  ].join('\n\n');
}
