import { defineSchemas } from '../common/openapi/schema-registry';
import { LOGS_TTL_WIRE, SETTINGS_WIRE } from './settings.wire';

/** The settings and the logs' time to live as their presenters show them (from their wire formats). Requests: the DTOs. */
export const SETTINGS_SCHEMAS = defineSchemas({ Settings: SETTINGS_WIRE.schema(), LogsTimeToLive: LOGS_TTL_WIRE.schema() });
