import type { Setting } from '../generated/prisma/client';
import type { Presented } from '../common/wire/wire-format';
import { LOGS_TTL_WIRE, SETTINGS_WIRE } from './settings.wire';

export type PresentedSettings = Presented<typeof SETTINGS_WIRE>;

export const presentSettings = (row: Setting): PresentedSettings => SETTINGS_WIRE.present(row);

export const presentLogsTtl = (row: Setting): Presented<typeof LOGS_TTL_WIRE> => LOGS_TTL_WIRE.present(row);
