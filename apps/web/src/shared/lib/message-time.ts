const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** When a message was written, as a chat shows it: the time today ("14:05"), else the date and time ("22/11/26 14:05"). */
export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (sameDay(at, now)) return time;
  return `${at.toLocaleDateString('es-AR', { day: '2-digit', month: '2-digit', year: '2-digit' })} ${time}`;
}
