import ldap from "ldapjs";

/** A person in the test directory. */
export interface DirectoryPerson {
  uid: string;
  cn: string;
  mail: string;
  password: string;
  /** The names (cn) of the groups the person is a member of. */
  groups?: string[];
}

export interface TestDirectory {
  url: string;
  port: number;
  baseDn: string;
  systemDn: string;
  systemPassword: string;
  /** The binds the server saw, in order (DNs). */
  binds: string[];
  /** Requests the server could not parse. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A real LDAP server (ldapjs) on a free loopback port for the tests: people under ou=people, groups (groupOfNames)
 * under ou=groups, a system user that may search, simple binds checked against each entry's password.
 */
export async function startTestDirectory(people: DirectoryPerson[]): Promise<TestDirectory> {
  const baseDn = "dc=example,dc=org";
  const systemDn = `cn=admin,${baseDn}`;
  const systemPassword = "system-secret";
  const passwords = new Map<string, string>([[systemDn, systemPassword]]);
  const entries: { dn: string; attributes: Record<string, string | string[]> }[] = [];
  for (const person of people) {
    const dn = `uid=${person.uid},ou=people,${baseDn}`;
    passwords.set(dn, person.password);
    entries.push({
      dn,
      attributes: { objectclass: ["inetOrgPerson", "person"], uid: person.uid, cn: person.cn, mail: person.mail, entryuuid: crypto.randomUUID() },
    });
  }
  const groupNames = [...new Set(people.flatMap((person) => person.groups ?? []))];
  for (const name of groupNames) {
    const members = people.filter((person) => person.groups?.includes(name)).map((person) => `uid=${person.uid},ou=people,${baseDn}`);
    entries.push({ dn: `cn=${name},ou=groups,${baseDn}`, attributes: { objectclass: ["groupOfNames"], cn: name, member: members } });
  }

  const binds: string[] = [];
  const server = ldap.createServer();
  // A request the server cannot parse is answered with a protocol error and recorded (a test may assert there were none).
  const errors: string[] = [];
  server.on("error", (error: Error) => errors.push(error.message));
  server.bind(baseDn, (req: ldap.BindRequest, res: ldap.BindResponse, next: ldap.NextFunction) => {
    const dn = req.dn.toString().replaceAll(" ", "");
    binds.push(dn);
    if (passwords.get(dn) !== req.credentials) return next(new ldap.InvalidCredentialsError());
    res.end();
    return next();
  });
  server.search(baseDn, (req: ldap.SearchRequest, res: ldap.SearchResponse, next: ldap.NextFunction) => {
    const bound = req.connection.ldap.bindDN.toString().replaceAll(" ", "");
    if (!passwords.has(bound)) return next(new ldap.InsufficientAccessRightsError());
    const base = req.dn.toString().replaceAll(" ", "").toLowerCase();
    for (const entry of entries) {
      if (!entry.dn.toLowerCase().endsWith(base)) continue;
      if (req.filter.matches(entry.attributes)) res.send({ dn: entry.dn, attributes: entry.attributes });
    }
    res.end();
    return next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    baseDn,
    systemDn,
    systemPassword,
    binds,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
