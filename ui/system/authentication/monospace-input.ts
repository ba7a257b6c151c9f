/** LDAP filters are read character by character: their inputs (not their labels) are set in the monospace font. */
export const MONOSPACE_INPUT = { input: { fontFamily: "var(--mantine-font-family-monospace)" } };
