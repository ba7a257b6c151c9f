import { formatJodaDate, knownZone, parseJodaDate } from "../joda-format.ts";
import { constantText, param, type RuleFunction, textOf } from "../rule-function.ts";
import { RuleDateTime } from "../rule-types.ts";

const timezone = param("timezone", "String", "Time zone id, e.g. Europe/Berlin (UTC unless given)", true);
const checkZone = (index: number) => (args: readonly unknown[]) => {
  const zone = constantText(args[index] as Parameters<typeof constantText>[0]);
  return zone !== null && !knownZone(zone) ? { index, reason: `Unknown time zone ${zone}` } : null;
};

/** Graylog's date functions. */
export const DATE_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "now",
    description: "The current date and time",
    params: [timezone],
    returnType: "DateTime",
    check: checkZone(0),
    run: ([zone], { env }) => new RuleDateTime(env.now(), (zone as string | undefined) ?? "UTC"),
  },
  {
    name: "parse_date",
    description: "Parses a date string by a Joda-Time pattern, e.g. yyyy-MM-dd HH:mm:ss",
    params: [param("value", "String", "The date string"), param("pattern", "String", "The Joda-Time pattern"), param("locale", "String", "Locale of month and day names (English)", true), timezone],
    returnType: "DateTime",
    check: checkZone(3),
    run: ([value, pattern, _locale, zone]) => {
      const at = (zone as string | undefined) ?? "UTC";
      return new RuleDateTime(parseJodaDate(textOf(value) ?? "", textOf(pattern) ?? "", at), at);
    },
  },
  {
    name: "format_date",
    description: "Formats a date by a Joda-Time pattern",
    params: [param("value", "DateTime", "The date"), param("format", "String", "The Joda-Time pattern"), timezone],
    returnType: "String",
    check: checkZone(2),
    run: ([value, format, zone]) => {
      if (!(value instanceof RuleDateTime)) throw new Error(`format_date: ${textOf(value)} is not a date`);
      return formatJodaDate(value.epochMs, textOf(format) ?? "", (zone as string | undefined) ?? "UTC");
    },
  },
];
