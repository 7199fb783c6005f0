export {
  DEFAULT_DOOR_PORT,
  DEFAULT_DOOR_SETTINGS,
  DOOR_PORT_RANGE,
  DOOR_SETTINGS_FILE,
  doorPortProblem,
  type DoorSettings,
} from './door-settings-codec.ts';
export { DoorSettingsStore, type DoorSettingsInput, type DoorSettingsRead } from './door-settings.ts';
export { DOOR_HOST, McpDoor, type DoorStatus, type McpDoorOptions } from './door-server.ts';
export { DOOR_PATH } from './door-guard.ts';
export { DOOR_BUSY_TEXT, DOOR_TOOL_NAME, type DoorAnswer, type DoorAsk } from './door-tool.ts';
