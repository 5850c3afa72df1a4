function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The screen's local calendar date, YYYY-MM-DD: plays and activity are reported in the outlet's own time. */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The screen's local 24-hour time, HH:MM:SS. */
export function localTime(at: Date): string {
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
