/**
 * The directory kinds an authentication service can be (Graylog's `ldap` and `active-directory` backend types), each
 * with its name and the settings a new service starts from: the usual user and group searches of that directory.
 */
import type { BackendType } from "../../../../api/schemas/authentication.ts";

export interface BackendTypeDefinition {
  title: string;
  description: string;
  port: number;
  userSearchPattern: string;
  userNameAttribute: string;
  userFullNameAttribute: string;
  groupSearchPattern: string;
}

export const BACKEND_TYPE_DEFINITIONS: Record<BackendType, BackendTypeDefinition> = {
  "ldap": {
    title: "LDAP",
    description:
      "An LDAP directory such as OpenLDAP: users are found under a search base and sign in with their own password.",
    port: 636,
    userSearchPattern: "(&(objectClass=inetOrgPerson)(uid={0}))",
    userNameAttribute: "uid",
    userFullNameAttribute: "cn",
    groupSearchPattern:
      "(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=posixGroup))",
  },
  "active-directory": {
    title: "Active Directory",
    description: "A Microsoft Active Directory domain: users sign in with their account or principal name.",
    port: 636,
    userSearchPattern: "(&(objectClass=user)(|(sAMAccountName={0})(userPrincipalName={0})))",
    userNameAttribute: "userPrincipalName",
    userFullNameAttribute: "displayName",
    groupSearchPattern: "(objectClass=group)",
  },
};

export const BACKEND_TYPE_IDS = Object.keys(BACKEND_TYPE_DEFINITIONS) as BackendType[];

export function isBackendType(value: string | undefined): value is BackendType {
  return value !== undefined && Object.hasOwn(BACKEND_TYPE_DEFINITIONS, value);
}

/** The readable name of a stored backend's type. */
export function backendTypeTitle(type: BackendType): string {
  return BACKEND_TYPE_DEFINITIONS[type].title;
}
