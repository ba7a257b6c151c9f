/**
 * The authentication service wizard's form: its values, where they start (a type's defaults or a stored backend
 * with its group synchronisation), which fields each step checks, and the bodies the save and the tests send in
 * Graylog's shapes. The system user password is never read back: a stored one is kept unless replaced or reset.
 */
import type {
  AuthServiceBackend,
  AuthServiceBackendBody,
  BackendTestRequest,
  BackendType,
  EncryptedValueInput,
  GroupSyncConfig,
} from "../../../../api/schemas/authentication.ts";
import { BACKEND_TYPE_DEFINITIONS } from "./backend-types.ts";
import type { WizardStepKey } from "./wizard-steps.ts";

export const TRANSPORT_SECURITY_OPTIONS = [
  { value: "none", label: "None" },
  { value: "tls", label: "TLS" },
  { value: "start_tls", label: "StartTLS" },
] as const;
export type TransportSecurity = (typeof TRANSPORT_SECURITY_OPTIONS)[number]["value"];

export const TEAM_SELECTION_OPTIONS = [
  { value: "all", label: "Synchronize all groups" },
  { value: "include", label: "Synchronize only the groups listed" },
  { value: "exclude", label: "Synchronize all groups but those listed" },
] as const;
export type TeamSelectionType = (typeof TEAM_SELECTION_OPTIONS)[number]["value"];

export const REQUIRED = "Field is required.";

export interface BackendFormValues {
  type: BackendType;
  title: string;
  description: string;
  host: string;
  port: number | string;
  /** Further servers of a stored backend, kept as they are ("host:port"). */
  otherServers: { host: string; port: number }[];
  transportSecurity: TransportSecurity;
  verifyCertificates: boolean;
  systemUserDn: string;
  /** A new system user password; empty keeps the stored one. */
  systemUserPassword: string;
  /** Whether the stored backend has a password (it is never shown). */
  passwordIsSet: boolean;
  resetPassword: boolean;
  userSearchBase: string;
  userSearchPattern: string;
  userNameAttribute: string;
  userFullNameAttribute: string;
  userUniqueIdAttribute: string;
  emailAttributes: string;
  defaultRoles: string[];
  groupSyncEnabled: boolean;
  groupSearchBase: string;
  groupSearchPattern: string;
  teamNameAttribute: string;
  teamDefaultRoles: string[];
  teamSelectionType: TeamSelectionType;
  teamSelection: string;
}

/** A new service of a type: its directory's usual searches, TLS on port 636. */
export function newBackendValues(type: BackendType): BackendFormValues {
  const defaults = BACKEND_TYPE_DEFINITIONS[type];
  return {
    type,
    title: "",
    description: "",
    host: "localhost",
    port: defaults.port,
    otherServers: [],
    transportSecurity: "tls",
    verifyCertificates: true,
    systemUserDn: "",
    systemUserPassword: "",
    passwordIsSet: false,
    resetPassword: false,
    userSearchBase: "",
    userSearchPattern: defaults.userSearchPattern,
    userNameAttribute: defaults.userNameAttribute,
    userFullNameAttribute: defaults.userFullNameAttribute,
    userUniqueIdAttribute: "entryUUID",
    emailAttributes: "mail, rfc822Mailbox",
    defaultRoles: [],
    groupSyncEnabled: false,
    groupSearchBase: "",
    groupSearchPattern: defaults.groupSearchPattern,
    teamNameAttribute: "cn",
    teamDefaultRoles: [],
    teamSelectionType: "all",
    teamSelection: "",
  };
}

/** A stored backend (and its group synchronisation, if any) as the wizard edits it. */
export function storedBackendValues(
  backend: AuthServiceBackend,
  groupSync: GroupSyncConfig | null,
): BackendFormValues {
  const { config } = backend;
  const [first, ...otherServers] = config.servers;
  const base = newBackendValues(config.type);
  return {
    ...base,
    title: backend.title,
    description: backend.description,
    host: first?.host ?? "",
    port: first?.port ?? base.port,
    otherServers,
    transportSecurity: config.transport_security,
    verifyCertificates: config.verify_certificates,
    systemUserDn: config.system_user_dn,
    passwordIsSet: config.system_user_password.is_set,
    userSearchBase: config.user_search_base,
    userSearchPattern: config.user_search_pattern,
    userNameAttribute: config.user_name_attribute,
    userFullNameAttribute: config.user_full_name_attribute,
    ...(config.type === "ldap"
      ? {
        userUniqueIdAttribute: config.user_unique_id_attribute,
        emailAttributes: config.email_attributes.join(", "),
      }
      : {}),
    defaultRoles: backend.default_roles,
    ...(groupSync
      ? {
        groupSyncEnabled: true,
        groupSearchBase: groupSync.group_search_base,
        groupSearchPattern: groupSync.group_search_pattern,
        teamNameAttribute: groupSync.team_name_attribute,
        teamDefaultRoles: groupSync.team_default_roles,
        teamSelectionType: groupSync.team_selection_type,
        teamSelection: groupSync.team_selection.join(", "),
      }
      : {}),
  };
}

type FieldErrors = Partial<Record<keyof BackendFormValues, string>>;

const blank = (value: string) => value.trim() === "";

function required(values: BackendFormValues, fields: (keyof BackendFormValues)[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = values[field];
    if (typeof value === "string" && blank(value)) errors[field] = REQUIRED;
  }
  return errors;
}

/** What a step's fields lack, by field (empty when the step may be left). */
export function stepErrors(step: WizardStepKey, values: BackendFormValues): FieldErrors {
  switch (step) {
    case "serverConfig": {
      const errors = required(values, ["title", "host"]);
      const port = Number(values.port);
      if (values.port === "" || !Number.isInteger(port)) errors.port = REQUIRED;
      else if (port < 1) errors.port = "Must be greater than 0.";
      else if (port > 65535) errors.port = "Must be smaller than 65536.";
      return errors;
    }
    case "userSync":
      return required(values, [
        "userSearchBase",
        "userSearchPattern",
        "userNameAttribute",
        "userFullNameAttribute",
        ...(values.type === "ldap" ? ["userUniqueIdAttribute" as const] : []),
      ]);
    case "groupSync":
      return values.groupSyncEnabled
        ? required(values, ["groupSearchBase", "groupSearchPattern", "teamNameAttribute"])
        : {};
  }
}

const list = (text: string) => text.split(",").map((item) => item.trim()).filter((item) => item !== "");

function passwordInput(values: BackendFormValues): EncryptedValueInput | undefined {
  if (values.systemUserPassword !== "") return { set_value: values.systemUserPassword };
  if (values.resetPassword) return { delete_value: true };
  return values.passwordIsSet ? { keep_value: true } : undefined;
}

/** The backend as POST/PUT …/backends take it (AuthServiceBackendDTO). */
export function backendBody(values: BackendFormValues): AuthServiceBackendBody {
  const directory = {
    servers: [{ host: values.host.trim(), port: Number(values.port) }, ...values.otherServers],
    transport_security: values.transportSecurity,
    verify_certificates: values.verifyCertificates,
    system_user_dn: values.systemUserDn.trim(),
    system_user_password: passwordInput(values),
    user_search_base: values.userSearchBase.trim(),
    user_search_pattern: values.userSearchPattern.trim(),
    user_name_attribute: values.userNameAttribute.trim(),
    user_full_name_attribute: values.userFullNameAttribute.trim(),
  };
  return {
    title: values.title.trim(),
    description: values.description,
    default_roles: values.defaultRoles,
    config: values.type === "ldap"
      ? {
        type: "ldap",
        ...directory,
        user_unique_id_attribute: values.userUniqueIdAttribute.trim(),
        email_attributes: list(values.emailAttributes),
      }
      : { type: "active-directory", ...directory },
  };
}

/** The group synchronisation to store, or null when it is switched off. */
export function groupSyncBody(values: BackendFormValues): GroupSyncConfig | null {
  if (!values.groupSyncEnabled) return null;
  return {
    group_search_base: values.groupSearchBase.trim(),
    group_search_pattern: values.groupSearchPattern.trim(),
    team_name_attribute: values.teamNameAttribute.trim(),
    team_default_roles: values.teamDefaultRoles,
    team_selection_type: values.teamSelectionType,
    team_selection: values.teamSelectionType === "all" ? [] : list(values.teamSelection),
  };
}

/** A connection or login test of the wizard's current values (an edited backend's stored password is used when kept). */
export function testRequest(
  values: BackendFormValues,
  backendId: string | null,
  login?: { username: string; password: string },
): BackendTestRequest {
  return {
    backend_id: backendId,
    backend_configuration: backendBody(values),
    ...(login ? { user_login: { username: login.username, password: { set_value: login.password } } } : {}),
  };
}
