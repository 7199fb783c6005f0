import { CoreError } from '../../domain/errors.ts';
import type { AppContext } from '../context.ts';
import { parseDownloadPath, sessionDownload } from './download.ts';

/** `GET /api/sessions/{sessionId}.{jsonl|md}` once the village is open (the token is checked before). */
export function sessionDownloadRoute(ctx: AppContext, file: string): Response {
  const { sessionId, format } = parseDownloadPath(file);
  if (sessionId.length > 100) throw new CoreError('INVALID_ARGUMENT', 'the session id is too long');
  const agents = ctx.village.state.agents;
  return sessionDownload(
    {
      store: ctx.sessions.storeForExport(),
      language: ctx.orchestrator.language(),
      agentName: (id) => agents.find((agent) => agent.id === id)?.name ?? id,
      externalName: ctx.village.state.externalName,
      now: Date.now,
    },
    sessionId,
    format,
  );
}
