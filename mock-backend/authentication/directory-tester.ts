import { isIP } from "node:net";
import { Client, Filter } from "ldapts";
import type { BackendConfigInput, BackendTestResult, DirectoryTester } from "../../api/schemas/authentication.ts";

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
      return { success: false, message: "Login test failed", errors: [`User <${username}> doesn't exist`], result: { user_exists: false, login_success: false, user_details: {} } };
    }
    const user = found;
    try {
      await this.withClient(config, (client) => client.bind(user.dn, password));
      return { success: true, message: "Login test successful", errors: [], result: { user_exists: true, login_success: true, user_details: user.details } };
    } catch (error) {
      return {
        success: false,
        message: "Login test failed",
        errors: [`Login for user <${username}> failed: ${plainError(error)}`],
        result: { user_exists: true, login_success: false, user_details: user.details },
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
        tlsOptions,
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
    const value = entry[name];
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
    const text = error.message || error.name;
    return typeof code === "string" && !text.includes(code) ? `${code}: ${text}` : text;
  }
  return String(error);
}
