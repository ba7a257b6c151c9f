import { isIP } from "node:net";
import { Client, Filter, InvalidCredentialsError } from "ldapts";
import type { BackendConfigInput, BackendTestResult, DirectoryTester, DirectoryUser, GroupSyncConfig } from "../../api/schemas/authentication.ts";

export interface DirectoryTesterOptions {
  /** How long a connection and each LDAP operation may take. */
  timeoutMs: number;
}

/**
 * 'Test connection' and 'Test login' of an authentication service: they really talk LDAP to the configured
 * servers (ldapts; plain, LDAPS or StartTLS, certificates checked unless told not to) and report the server's or the
 * network's error as it is, the way Graylog's AuthServiceBackendTestService words its answers.
 */
export class LdapDirectoryTester implements DirectoryTester {
  constructor(private readonly options: DirectoryTesterOptions = { timeoutMs: 5000 }) {}

  async signIn(
    config: BackendConfigInput,
    systemUserPassword: string | null,
    username: string,
    password: string,
    groupSync: GroupSyncConfig | null,
  ): Promise<DirectoryUser | null> {
    // An empty password would be an anonymous ("unauthenticated") bind, which many servers accept: never a sign-in.
    if (password === "") return null;
    const found = await this.withSystemBind(config, systemUserPassword, (client) => findUser(client, config, username));
    if (!found) return null;
    const user = found;
    try {
      await this.withClient(config, (client) => client.bind(user.dn, password));
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return null;
      throw error;
    }
    const groups = groupSync
      ? await this.withSystemBind(config, systemUserPassword, (client) => findGroups(client, groupSync, user.dn, String(user.details.username)))
      : [];
    return {
      dn: user.dn,
      uniqueId: String(user.details.unique_id),
      username: String(user.details.username) || username,
      fullName: String(user.details.full_name) || username,
      email: String(user.details.email),
      groups,
    };
  }

  async connection(config: BackendConfigInput, systemUserPassword: string | null): Promise<BackendTestResult> {
    const servers = serverList(config);
    try {
      await this.withSystemBind(config, systemUserPassword, async () => {});
      return { success: true, message: `Successfully connected to ${servers}`, errors: [], result: {} };
    } catch (error) {
      return { success: false, message: `Couldn't establish connection to ${servers}`, errors: [plainError(error)], result: {} };
    }
  }

  async login(config: BackendConfigInput, systemUserPassword: string | null, username: string, password: string): Promise<BackendTestResult> {
    const servers = serverList(config);
    let found: { dn: string; details: Record<string, unknown> } | null = null;
    try {
      found = await this.withSystemBind(config, systemUserPassword, (client) => findUser(client, config, username));
    } catch (error) {
      return { success: false, message: `Couldn't establish connection to ${servers}`, errors: [plainError(error)], result: {} };
    }
    if (!found) {
      return { success: false, message: `User <${username}> doesn't exist`, errors: [], result: { user_exists: false, login_success: false, user_details: {} } };
    }
    const user = found;
    const userDetails = testedUserDetails(config, user.details);
    if (password === "") {
      // As at sign-in: an empty password would be an anonymous bind that many servers accept.
      return {
        success: false,
        message: `Login for user <${username}> failed`,
        errors: ["An empty password is never accepted."],
        result: { user_exists: true, login_success: false, user_details: userDetails },
      };
    }
    try {
      await this.withClient(config, (client) => client.bind(user.dn, password));
      return {
        success: true,
        message: `Successfully logged in <${username}> into ${servers}`,
        errors: [],
        result: { user_exists: true, login_success: true, user_details: userDetails },
      };
    } catch (error) {
      return {
        success: false,
        message: `Login for user <${username}> failed`,
        errors: [plainError(error)],
        result: { user_exists: true, login_success: false, user_details: userDetails },
      };
    }
  }

  /** Binds as the system user (anonymously without one) on the first server that answers, then runs `work`. */
  private async withSystemBind<T>(config: BackendConfigInput, password: string | null, work: (client: Client) => Promise<T>): Promise<T> {
    return await this.withClient(config, async (client) => {
      if (config.system_user_dn.trim() !== "") await client.bind(config.system_user_dn, password ?? "");
      else await client.bind("", "");
      return await work(client);
    });
  }

  /** Tries each server in turn; the error of the last one is reported when none works. */
  private async withClient<T>(config: BackendConfigInput, work: (client: Client) => Promise<T>): Promise<T> {
    let last: unknown = new Error("no server configured");
    for (const server of config.servers) {
      const secure = config.transport_security === "tls";
      // SNI takes host names only (an address as servername is refused by TLS).
      const tlsOptions = { rejectUnauthorized: config.verify_certificates, ...(isIP(server.host) ? {} : { servername: server.host }) };
      const client = new Client({
        url: `${secure ? "ldaps" : "ldap"}://${formatHost(server.host)}:${server.port}`,
        timeout: this.options.timeoutMs,
        connectTimeout: this.options.timeoutMs,
        // ldapts speaks TLS from the first byte whenever it is given TLS options: plain and StartTLS must not get them.
        ...(secure ? { tlsOptions } : {}),
      });
      try {
        if (config.transport_security === "start_tls") await client.startTLS(tlsOptions);
        return await work(client);
      } catch (error) {
        last = error;
      } finally {
        await client.unbind().catch(() => {});
      }
    }
    throw last;
  }
}

async function findUser(client: Client, config: BackendConfigInput, username: string): Promise<{ dn: string; details: Record<string, unknown> } | null> {
  const filter = config.user_search_pattern.replaceAll("{0}", Filter.escape(username));
  const { searchEntries } = await client.search(config.user_search_base, { scope: "sub", filter, sizeLimit: 2 });
  const entry = searchEntries[0];
  if (!entry) return null;
  const attribute = (name: string) => {
    // Attribute names are case-insensitive in LDAP; servers answer in their own spelling (entryUUID, entryuuid).
    const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const value = key === undefined ? undefined : entry[key];
    return Array.isArray(value) ? String(value[0] ?? "") : value === undefined ? "" : String(value);
  };
  const email = config.type === "ldap" ? config.email_attributes.map(attribute).find((value) => value !== "") ?? "" : attribute("mail");
  return {
    dn: entry.dn,
    details: {
      dn: entry.dn,
      unique_id: config.type === "ldap" ? attribute(config.user_unique_id_attribute) : attribute("objectGUID"),
      username: attribute(config.user_name_attribute),
      full_name: attribute(config.user_full_name_attribute),
      email,
    },
  };
}

/**
 * A found user as Graylog's login test shows them: the DN, then each value under the attribute the configuration
 * names for it (e.g. uid, cn, entryUUID), and the email.
 */
function testedUserDetails(config: BackendConfigInput, details: Record<string, unknown>): Record<string, unknown> {
  return {
    dn: details.dn,
    [config.type === "ldap" ? config.user_unique_id_attribute : "objectGUID"]: details.unique_id,
    [config.user_name_attribute]: details.username,
    [config.user_full_name_attribute]: details.full_name,
    email: details.email,
  };
}

/** The names of the groups `dn` (or `username`, for posixGroup's memberUid) is a member of, as the selection allows. */
async function findGroups(client: Client, config: GroupSyncConfig, dn: string, username: string): Promise<string[]> {
  const membership = `(|(member=${Filter.escape(dn)})(uniqueMember=${Filter.escape(dn)})(memberUid=${Filter.escape(username)}))`;
  const pattern = config.group_search_pattern.startsWith("(") ? config.group_search_pattern : `(${config.group_search_pattern})`;
  const { searchEntries } = await client.search(config.group_search_base, { scope: "sub", filter: `(&${pattern}${membership})`, sizeLimit: 1000 });
  const names = searchEntries.map((entry) => {
    const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === config.team_name_attribute.toLowerCase());
    const value = key === undefined ? undefined : entry[key];
    return Array.isArray(value) ? String(value[0] ?? "") : value === undefined ? "" : String(value);
  }).filter((name) => name !== "");
  const selected = new Set(config.team_selection.map((name) => name.toLowerCase()));
  const kept = names.filter((name) =>
    config.team_selection_type === "all" ||
    (config.team_selection_type === "include") === selected.has(name.toLowerCase())
  );
  return [...new Set(kept)].sort();
}

function serverList(config: BackendConfigInput): string {
  return config.servers.map((server) => `${server.host}:${server.port}`).join(", ");
}

function formatHost(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** The error as a person reads it: the network's code and text, or the LDAP server's result. */
export function plainError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    const text = error.message.trim() || error.name;
    if (typeof code === "string" && !text.includes(code)) return `${code}: ${text}`;
    // The directory's refusals (ldapts' InvalidCredentialsError, …) say little in their message ("Code: 0x31"): their name says what.
    return error.name !== "Error" && !text.includes(error.name) ? `${error.name}: ${text}` : text;
  }
  return String(error);
}
