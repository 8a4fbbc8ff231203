/**
 * The shapes the configurable calendar reads come from common/ (spec §3 Calendar entry, entry
 * type, calendar config): the server checks the config when an administrator saves it and serves
 * it complete, so the screen takes it as it comes.
 */
export type {
  CalendarActionButton,
  CalendarConfig,
  CalendarEntryType,
  CalendarFieldDefinition,
  CalendarFilter,
  CalendarLegendItem,
} from '../../../common/resources/calendarConfig';
export type { CalendarEntry } from '../../../common/resources/calendarEntry';

/** What a custom attribute holds in the dialog: text, a number, a day (epoch ms), or the options of a multi-select. */
export type CustomAttributeValue = string | number | string[] | null;
