import type { DiagLog } from '../diag/log.ts';
import type { McpManager } from '../mcp/client/manager.ts';
import type { DoorSettingsStore, McpDoor } from '../mcp/door/index.ts';
import type { EventBus } from '../domain/events.ts';
import type { PriceFetcher, PriceUrlStore } from '../price-table/index.ts';
import type { Orchestrator } from '../orchestrator/orchestrator.ts';
import type { Sessions } from '../orchestrator/sessions.ts';
import type { ScheduleServices } from '../schedule/schedule-hooks.ts';
import type { VillageScheduler } from '../schedule/village-scheduler.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { TrashFn } from '../tools/file/file-remove.ts';
import type { VillagePaths } from '../world/paths.ts';
import type { Village } from '../world/village.ts';

/** Everything a command handler may use once the village is open. */
export interface AppContext {
  paths: VillagePaths;
  log: DiagLog;
  events: EventBus;
  secrets: SecretStore;
  village: Village;
  villageId: string;
  orchestrator: Orchestrator;
  sessions: Sessions;
  mcp: McpManager;
  door: McpDoor;
  doorSettings: DoorSettingsStore;
  /** The price table URL (app data) and the Fetch button's one GET. */
  priceUrls: PriceUrlStore;
  prices: PriceFetcher;
  /** schedules.json's owner and the hooks the schedule commands call. */
  schedules: ScheduleServices;
  /** The ticker: started at boot, stopped first at close (schedules run only while the server runs). */
  scheduler: VillageScheduler;
  /** Where the Blackboard tab's deletes and the agent sweep send notes: the OS trash (tests swap it). */
  trash: TrashFn;
}
