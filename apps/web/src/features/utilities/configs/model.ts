/**
 * Franchise Maintenance's texts and form rules (decision 032). The spec gives no texts for these toasts
 * (administration.md §8: "franchise configuration update toasts (text not shown)"); these are ours.
 */
import { checkEmailList, TIME_OF_DAY } from '@cc/domain';

export const CONFIG_TEXTS = {
  title: 'Franchise Maintenance',
  companyUpdated: 'Company Config Updated.',
  followUpUpdated: 'Inbound Follow-Up Config Updated.',
  hotProspectUpdated: 'Hot Prospect Config Updated.',
  cancelled: 'Franchise Maintenance Cancelled...',
  invalid: 'Please correct invalid entries and try again.',
} as const;

/** A time field: HH:mm. */
export const timeProblem = (value: string): string | null =>
  TIME_OF_DAY.test(value.trim()) ? null : 'Enter a time of day, HH:mm';

/** The end of a window: a time, after the start. */
export const endProblem = (end: string, start: string): string | null =>
  timeProblem(end) ?? (TIME_OF_DAY.test(start) && end <= start ? `Must be after ${start}` : null);

/** A list of addresses separated by semicolons: the first bad one is named. */
export const emailListProblem = (value: string): string | null => {
  const checked = checkEmailList(value);
  return checked.ok ? null : checked.message.charAt(0).toUpperCase() + checked.message.slice(1);
};

/**
 * A stored list of addresses as the form shows it: one space after each semicolon, so a line of the box ends between
 * two addresses and never inside one (a list stored as 'a@x.com;b@y.com' has nowhere else to break).
 */
export const shownEmailList = (value: string): string =>
  value
    .split(/[;,]/)
    .map((address) => address.trim())
    .filter(Boolean)
    .join('; ');
