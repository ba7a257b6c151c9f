/** Facility names as Graylog's syslog input writes them (SyslogUtils), by facility number. */
const FACILITIES = [
  "kernel",
  "user-level",
  "mail",
  "system daemon",
  "security/authorization",
  "syslogd",
  "line printer",
  "network news",
  "UUCP",
  "clock",
  "security/authorization",
  "FTP",
  "NTP",
  "log audit",
  "log alert",
  "clock",
  "local0",
  "local1",
  "local2",
  "local3",
  "local4",
  "local5",
  "local6",
  "local7",
];

/** Level and facility from a syslog PRI value (facility × 8 + severity), or null when out of range. */
export function decodePriority(pri: number): { level: number; facility: string } | null {
  if (!Number.isInteger(pri) || pri < 0 || pri > 191) return null;
  return { level: pri & 7, facility: FACILITIES[pri >> 3] };
}
