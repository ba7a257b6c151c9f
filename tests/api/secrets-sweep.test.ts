/**
 * Issue 22 item 5: passwords, tokens and encrypted configuration values never appear in an API answer or a log
 * line. Stores one of each through the API (a user's password, an access token, an LDAP backend's system user
 * password, an input's encrypted TLS key password), then reads every GET operation of the OpenAPI document —
 * so every area added later is swept too — and looks for them in each answer and in everything logged.
 */
import assert from "node:assert/strict";
import { freeTcpPort } from "../helpers/free-port.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { concretePath, listOperations } from "../helpers/openapi-operations.ts";

const USER_PASSWORD = "sweep-user-Pa55w0rd";
const LDAP_PASSWORD = "sweep-ldap-S3cr3t";
const TLS_KEY_PASSWORD = "sweep-tls-S3cr3t";

/** Runs `work` with console output collected (and still printed), answering what was logged. */
async function logged(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const originals = methods.map((name) => console[name]);
  for (const name of methods) console[name] = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  try {
    await work();
  } finally {
    methods.forEach((name, i) => (console[name] = originals[i]));
  }
  return lines.join("\n");
}

apiTest("no GET answer and no log line carries a stored password, token or encrypted configuration value", async (h) => {
  const secrets: string[] = [USER_PASSWORD, LDAP_PASSWORD, TLS_KEY_PASSWORD];
  const samples: Record<string, string> = {};
  let swept = 0;
  const log = await logged(async () => {
    const user = await h.call("POST", "/users", {
      body: { username: "sweep-user", password: USER_PASSWORD, email: "sweep@example.com", full_name: "Sweep User", roles: ["Reader"] },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    const stored = await h.call("GET", "/users/sweep-user");
    const userId = (stored.body as { id: string }).id;
    Object.assign(samples, { username: "sweep-user", userId, id: userId });

    const token = await h.call("POST", "/users/sweep-user/tokens/sweep-token", { body: {} });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    const tokenBody = token.body as { id: string; token: string };
    secrets.push(tokenBody.token);
    samples.tokenId = tokenBody.id;

    const backend = await h.call("POST", "/system/authentication/services/backends", {
      body: {
        title: "Sweep LDAP",
        description: "",
        default_roles: [],
        config: {
          type: "ldap",
          servers: [{ host: "127.0.0.1", port: 389 }],
          transport_security: "none",
          verify_certificates: true,
          system_user_dn: "cn=admin,dc=example,dc=com",
          system_user_password: { set_value: LDAP_PASSWORD },
          user_search_base: "ou=users,dc=example,dc=com",
          user_search_pattern: "(&(objectClass=person)(uid={0}))",
          user_name_attribute: "uid",
          user_full_name_attribute: "cn",
        },
      },
    });
    assert.equal(backend.status, 200, JSON.stringify(backend.body));
    samples.backendId = (backend.body as { backend: { id: string } }).backend.id;

    const port = await freeTcpPort();
    const input = await h.call("POST", "/system/inputs", {
      body: {
        title: "Sweep GELF TCP",
        type: "org.graylog2.inputs.gelf.tcp.GELFTCPInput",
        global: true,
        configuration: { bind_address: "127.0.0.1", port, tls_key_password: { set_value: TLS_KEY_PASSWORD } },
      },
    });
    assert.equal(input.status, 201, JSON.stringify(input.body));
    samples.inputId = (input.body as { id: string }).id;

    for (const operation of await listOperations(h.api)) {
      if (operation.method !== "GET") continue;
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      if (names.some((name) => !(name in samples))) continue;
      const answer = await h.call("GET", concretePath(operation.path, samples));
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      for (const secret of secrets) assert.ok(!text.includes(secret), `${operation.key} answers a stored secret`);
      swept++;
    }
  });
  assert.ok(swept >= 100, `only ${swept} GET operations were swept`);
  for (const secret of secrets) assert.ok(!log.includes(secret), "a stored secret was logged");
});
