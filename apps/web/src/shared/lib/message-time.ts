import { dateTimeLabel, timeLabel, todayIn } from '@oficios/domain';

/** When a message was written, as a chat shows it: the time today ("14:05"), else the date and time ("22/11/26 14:05"). */
export function messageTime(iso: string, now: Date = new Date()): string {
  return todayIn(Date.parse(iso)) === todayIn(now) ? timeLabel(iso) : dateTimeLabel(iso);
}
