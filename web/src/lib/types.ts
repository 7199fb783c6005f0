// The wire types are the core's own (import type only: nothing from the server enters the bundle).
// Ids are branded strings in the core; over the wire they are plain strings, and so they are here.
/** Replaces the core's branded id strings with plain strings, deeply; literal unions stay. */
export type Unbrand<T> = T extends string
  ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends Omit<T, keyof string>
    ? T
    : string
  : T extends number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Unbrand<U>[]
      : T extends object
        ? { [K in keyof T]: Unbrand<T[K]> }
        : T;
import type {
  AgentSnapshot as CoreAgentSnapshot,
  AgentSpec as CoreAgentSpec,
} from '../../../src/domain/agent.ts';
export type AgentSnapshot = Unbrand<CoreAgentSnapshot>;
export type AgentSpec = Unbrand<CoreAgentSpec>;
import type {
  RagSourceCheck as CoreRagSourceCheck,
  RagSourceProblem as CoreRagSourceProblem,
} from '../../../src/domain/blackboard.ts';
export type RagSourceCheck = Unbrand<CoreRagSourceCheck>;
export type RagSourceProblem = Unbrand<CoreRagSourceProblem>;
import type {
  AgentMessage as CoreAgentMessage,
  Endpoint as CoreEndpoint,
  Grounding as CoreGrounding,
  GroundingSource as CoreGroundingSource,
} from '../../../src/domain/message.ts';
export type AgentMessage = Unbrand<CoreAgentMessage>;
export type Endpoint = Unbrand<CoreEndpoint>;
export type Grounding = Unbrand<CoreGrounding>;
export type GroundingSource = Unbrand<CoreGroundingSource>;
import type { AttachmentRef as CoreAttachmentRef } from '../../../src/domain/attachment.ts';
export type AttachmentRef = Unbrand<CoreAttachmentRef>;
import type { CoreEvent as CoreCoreEvent } from '../../../src/domain/events.ts';
export type CoreEvent = Unbrand<CoreCoreEvent>;
import type { ErrorPayload as CoreErrorPayload } from '../../../src/domain/errors.ts';
export type ErrorPayload = Unbrand<CoreErrorPayload>;
import type {
  BootStatus as CoreBootStatus,
  BootWarning as CoreBootWarning,
} from '../../../src/domain/boot.ts';
export type BootStatus = Unbrand<CoreBootStatus>;
export type BootWarning = Unbrand<CoreBootWarning>;
import type { ModelTemplate as CoreModelTemplate } from '../../../src/domain/template.ts';
export type ModelTemplate = Unbrand<CoreModelTemplate>;
import type {
  Role as CoreRole,
  RoleDefaults as CoreRoleDefaults,
  AgentGroup as CoreAgentGroup,
  TopologyPosition as CoreTopologyPosition,
  TopologyEdge as CoreTopologyEdge,
} from '../../../src/domain/village.ts';
export type Role = Unbrand<CoreRole>;
export type RoleDefaults = Unbrand<CoreRoleDefaults>;
export type AgentGroup = Unbrand<CoreAgentGroup>;
export type TopologyPosition = Unbrand<CoreTopologyPosition>;
export type TopologyEdge = Unbrand<CoreTopologyEdge>;
import type {
  AgentStatus as CoreAgentStatus,
  Provider as CoreProvider,
  Effort as CoreEffort,
  CredentialSource as CoreCredentialSource,
  RoleColor as CoreRoleColor,
  Language as CoreLanguage,
  PlanTaskState as CorePlanTaskState,
  PlanWaveState as CorePlanWaveState,
  ConfigFileKind as CoreConfigFileKind,
} from '../../../src/domain/enums.ts';
export type AgentStatus = Unbrand<CoreAgentStatus>;
export type Provider = Unbrand<CoreProvider>;
export type Effort = Unbrand<CoreEffort>;
export type CredentialSource = Unbrand<CoreCredentialSource>;
export type RoleColor = Unbrand<CoreRoleColor>;
export type Language = Unbrand<CoreLanguage>;
export type PlanTaskState = Unbrand<CorePlanTaskState>;
export type PlanWaveState = Unbrand<CorePlanWaveState>;
export type ConfigFileKind = Unbrand<CoreConfigFileKind>;
import type {
  SessionSummary as CoreSessionSummary,
  SessionMeta as CoreSessionMeta,
  ForkPoint as CoreForkPoint,
  TurnRecord as CoreTurnRecord,
  SessionSearchHit as CoreSessionSearchHit,
} from '../../../src/domain/session.ts';
export type SessionSummary = Unbrand<CoreSessionSummary>;
export type SessionMeta = Unbrand<CoreSessionMeta>;
export type ForkPoint = Unbrand<CoreForkPoint>;
export type TurnRecord = Unbrand<CoreTurnRecord>;
export type SessionSearchHit = Unbrand<CoreSessionSearchHit>;
import type {
  PlanWaveRecord as CorePlanWaveRecord,
  PlanWaveTask as CorePlanWaveTask,
} from '../../../src/domain/plan.ts';
export type PlanWaveRecord = Unbrand<CorePlanWaveRecord>;
export type PlanWaveTask = Unbrand<CorePlanWaveTask>;
import type { BlackboardNote as CoreBlackboardNote } from '../../../src/domain/blackboard.ts';
export type BlackboardNote = Unbrand<CoreBlackboardNote>;
import type { FetchedPrices as CoreFetchedPrices } from '../../../src/price-table/fetched-prices.ts';
export type FetchedPrices = Unbrand<CoreFetchedPrices>;
import type {
  Recurrence as CoreRecurrence,
  ScheduledTask as CoreScheduledTask,
  ScheduleProbe as CoreScheduleProbe,
  Acceptance as CoreAcceptance,
  ScheduleView as CoreScheduleView,
} from '../../../src/domain/schedule.ts';
export type Recurrence = Unbrand<CoreRecurrence>;
export type ScheduledTask = Unbrand<CoreScheduledTask>;
export type ScheduleProbe = Unbrand<CoreScheduleProbe>;
export type Acceptance = Unbrand<CoreAcceptance>;
export type ScheduleView = Unbrand<CoreScheduleView>;
import type { Weekday as CoreWeekday, SessionMode as CoreSessionMode } from '../../../src/domain/enums.ts';
export type Weekday = Unbrand<CoreWeekday>;
export type SessionMode = Unbrand<CoreSessionMode>;
