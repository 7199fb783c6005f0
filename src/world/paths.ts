import { join } from 'node:path';
import { CONFIG_FILE_NAMES, type ConfigFileKind } from '../domain/enums.ts';
import { CoreError } from '../domain/errors.ts';
import { parseAgentId } from '../domain/ids.ts';
import { parseAttachmentId, STORED_EXTENSIONS } from './attachments/attachment-files.ts';

export const ICON_FILE = 'icon.webp';

/** Where every file of a village and of the app-data dir lives (ARCHITECTURE.md §4). */
export class VillagePaths {
  constructor(
    readonly workspace: string,
    readonly home: string,
  ) {}

  get worldJson(): string {
    return join(this.workspace, 'world.json');
  }
  get ordinance(): string {
    return join(this.workspace, 'Ordinance.md');
  }
  get villageId(): string {
    return join(this.workspace, 'village_id');
  }
  get sharedMcp(): string {
    return join(this.workspace, 'mcp.json');
  }
  get schedules(): string {
    return join(this.workspace, 'schedules.json');
  }
  get agentsDir(): string {
    return join(this.workspace, 'agents');
  }
  /** Stored attachments, `{uuid}.{ext}` (ledger §2.8 凍結 2); swept by the startup GC. */
  get attachmentsDir(): string {
    return join(this.workspace, 'attachments');
  }
  /** The id and extension are re-validated so no caller can build a path from an unchecked string. */
  attachmentFile(id: string, ext: string): string {
    if (!Object.hasOwn(STORED_EXTENSIONS, ext)) {
      throw new CoreError('INVALID_ARGUMENT', 'not a stored attachment extension', { detail: 'ext' });
    }
    return join(this.attachmentsDir, `${parseAttachmentId(id)}.${ext}`);
  }
  get log(): string {
    return join(this.workspace, 'fuseforks.log');
  }
  get userIcon(): string {
    return join(this.workspace, 'user', ICON_FILE);
  }
  get externalIcon(): string {
    return join(this.workspace, 'external', ICON_FILE);
  }

  /** The id is re-validated here so no caller can build a path from an unchecked string. */
  agentDir(agentId: string): string {
    return join(this.agentsDir, parseAgentId(agentId));
  }
  agentIcon(agentId: string): string {
    return join(this.agentDir(agentId), ICON_FILE);
  }
  configFile(agentId: string, kind: ConfigFileKind): string {
    return join(this.agentDir(agentId), CONFIG_FILE_NAMES[kind]);
  }

  /** The door's on/off, port and token: per device, never in the workspace (ledger part 5 §2.8). */
  get mcpServerSettings(): string {
    return join(this.home, 'mcp_server.json');
  }
  get apiToken(): string {
    return join(this.home, 'api_token');
  }
  get secretsFile(): string {
    return join(this.home, 'secrets.json');
  }
  /** The browser control service's device settings (evaluateEnabled). */
  get browserSettings(): string {
    return join(this.home, 'browser.json');
  }
  /** The price table URL of the Fetch button: per device, never distributed (ledger part 3 §4). */
  get priceTableSettings(): string {
    return join(this.home, 'price_table.json');
  }
}
