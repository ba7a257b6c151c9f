/**
 * The lookup tables the lookup-table decorator can use. There is no lookup-table store yet (System → Lookup
 * Tables is not built), so a few built-in tables stand in; each is a pure function from a key to a value.
 */
export interface BuiltinLookupTable {
  /** Stable name, stored in decorator configurations. */
  name: string;
  title: string;
  lookup(key: string): string | null;
}

/** Reason phrases of common HTTP status codes (RFC 9110 §15). */
const HTTP_STATUS_PHRASES: Record<string, string> = {
  "100": "Continue",
  "101": "Switching Protocols",
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No Content",
  "206": "Partial Content",
  "301": "Moved Permanently",
  "302": "Found",
  "303": "See Other",
  "304": "Not Modified",
  "307": "Temporary Redirect",
  "308": "Permanent Redirect",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "408": "Request Timeout",
  "409": "Conflict",
  "410": "Gone",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "501": "Not Implemented",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
};

/** English country names from ISO 3166 alpha-2 codes (the runtime's Unicode CLDR data). */
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

export const BUILTIN_LOOKUP_TABLES: readonly BuiltinLookupTable[] = [
  {
    name: "http-status-phrases",
    title: "HTTP status phrases",
    lookup: (key) => HTTP_STATUS_PHRASES[key.trim()] ?? null,
  },
  {
    name: "country-names",
    title: "Country names (ISO 3166 codes)",
    lookup: (
      key,
    ) => (/^[A-Za-z]{2}$/.test(key.trim()) ? regionNames.of(key.trim().toUpperCase()) ?? null : null),
  },
];

export function builtinLookupTable(name: string): BuiltinLookupTable | undefined {
  return BUILTIN_LOOKUP_TABLES.find((table) => table.name === name);
}
