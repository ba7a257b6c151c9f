import assert from "node:assert/strict";
import type { AuthServiceBackend } from "../../../api/schemas/authentication.ts";
import {
  backendBody,
  groupSyncBody,
  newBackendValues,
  REQUIRED,
  stepErrors,
  storedBackendValues,
  testRequest,
} from "../../../ui/system/authentication/logic/backend-form.ts";
import { initialStep } from "../../../ui/system/authentication/logic/wizard-steps.ts";
import { usernameHeaderError } from "../../../ui/system/authentication/logic/http-header-auth.ts";

function storedLdap(overrides: Partial<AuthServiceBackend> = {}): AuthServiceBackend {
  return {
    id: "b1",
    title: "Office",
    description: "",
    default_roles: ["r1"],
    config: {
      type: "ldap",
      servers: [{ host: "ldap1", port: 389 }, { host: "ldap2", port: 389 }],
      transport_security: "start_tls",
      verify_certificates: false,
      system_user_dn: "cn=admin,dc=example,dc=org",
      system_user_password: { is_set: true },
      user_search_base: "ou=people,dc=example,dc=org",
      user_search_pattern: "(uid={0})",
      user_name_attribute: "uid",
      user_full_name_attribute: "cn",
      user_unique_id_attribute: "entryUUID",
      email_attributes: ["mail"],
    },
    ...overrides,
  };
}

Deno.test("the wizard opens on the step initialStepKey names, else on the server configuration", () => {
  assert.equal(initialStep("groupSync"), "groupSync");
  assert.equal(initialStep("userSync"), "userSync");
  assert.equal(initialStep("nonsense"), "serverConfig");
  assert.equal(initialStep(null), "serverConfig");
});

Deno.test("a new Active Directory service starts from the directory's usual user search", () => {
  const values = newBackendValues("active-directory");
  assert.equal(values.userNameAttribute, "userPrincipalName");
  assert.equal(values.userFullNameAttribute, "displayName");
  assert.match(values.userSearchPattern, /sAMAccountName=\{0\}/);
  const body = backendBody({ ...values, title: "AD", userSearchBase: "dc=corp" });
  assert.equal(body.config.type, "active-directory");
  assert.equal(
    "user_unique_id_attribute" in body.config,
    false,
    "Active Directory has no ID attribute setting",
  );
  assert.equal(body.config.system_user_password, undefined, "no password typed: none sent");
});

Deno.test("each step names its own missing fields, and the port's range", () => {
  const values = { ...newBackendValues("ldap"), title: " ", port: 70000 };
  assert.deepEqual(stepErrors("serverConfig", values), {
    title: REQUIRED,
    port: "Must be smaller than 65536.",
  });
  assert.deepEqual(stepErrors("userSync", values), { userSearchBase: REQUIRED });
  assert.deepEqual(
    stepErrors("groupSync", values),
    {},
    "switched off, group synchronisation asks for nothing",
  );
  assert.deepEqual(stepErrors("groupSync", { ...values, groupSyncEnabled: true }), {
    groupSearchBase: REQUIRED,
  });
  assert.deepEqual(stepErrors("serverConfig", { ...values, title: "x", port: "" }), { port: REQUIRED });
});

Deno.test("a stored service keeps its password unless a new one is typed or it is removed, and keeps its further servers", () => {
  const values = storedBackendValues(storedLdap(), null);
  assert.equal(values.host, "ldap1");
  assert.deepEqual(backendBody(values).config.system_user_password, { keep_value: true });
  assert.deepEqual(backendBody({ ...values, systemUserPassword: "new" }).config.system_user_password, {
    set_value: "new",
  });
  assert.deepEqual(backendBody({ ...values, resetPassword: true }).config.system_user_password, {
    delete_value: true,
  });
  assert.deepEqual(backendBody(values).config.servers, [{ host: "ldap1", port: 389 }, {
    host: "ldap2",
    port: 389,
  }]);
  assert.equal(backendBody(values).config.transport_security, "start_tls");
  assert.deepEqual(backendBody(values).default_roles, ["r1"]);
});

Deno.test("group synchronisation is sent only when switched on, the group names only for include and exclude", () => {
  const stored = storedBackendValues(storedLdap(), {
    group_search_base: "ou=groups",
    group_search_pattern: "(objectClass=groupOfNames)",
    team_name_attribute: "cn",
    team_default_roles: ["r2"],
    team_selection_type: "include",
    team_selection: ["ops", "dev"],
  });
  assert.equal(stored.groupSyncEnabled, true);
  assert.deepEqual(groupSyncBody(stored)?.team_selection, ["ops", "dev"]);
  assert.deepEqual(groupSyncBody({ ...stored, teamSelectionType: "all" })?.team_selection, []);
  assert.equal(groupSyncBody({ ...stored, groupSyncEnabled: false }), null);
});

Deno.test("a login test sends the form's configuration, the backend's id and the login", () => {
  const values = storedBackendValues(storedLdap(), null);
  const request = testRequest(values, "b1", { username: "alice", password: "pw" });
  assert.equal(request.backend_id, "b1");
  assert.deepEqual(request.user_login, { username: "alice", password: { set_value: "pw" } });
  assert.equal(testRequest(values, null).user_login, undefined);
});

Deno.test("the username header must be an HTTP header name", () => {
  assert.equal(usernameHeaderError("Remote-User"), null);
  assert.equal(usernameHeaderError(""), REQUIRED);
  assert.ok(usernameHeaderError("Remote User"));
  assert.ok(usernameHeaderError("X:User"));
});
