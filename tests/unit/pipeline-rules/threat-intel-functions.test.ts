import assert from "node:assert/strict";
import type { RuleEnvironment, RuleLookupAnswer, RuleMessage } from "../../../shared/pipeline-rules/rule-function.ts";
import { parseRule } from "../../../shared/pipeline-rules/rule-parser.ts";
import { THREAT_INTEL_DEFAULTS, type ThreatIntelConfig } from "../../../shared/threat-intel-config.ts";

const listed = (value: unknown): RuleLookupAnswer => ({ single_value: value, multi_value: null, has_error: false });
const NOT_LISTED: RuleLookupAnswer = { single_value: null, multi_value: null, has_error: false };
const UNREACHABLE: RuleLookupAnswer = { single_value: null, multi_value: null, has_error: true };

/** The threat intel plugin's tables as a test sets them up: key → answer; a table absent from here does not exist. */
type Tables = Record<string, (key: string) => RuleLookupAnswer>;

const TABLES: Tables = {
  "tor-exit-node-list": (key) => key === "185.220.101.1" ? listed(true) : NOT_LISTED,
  "spamhaus-drop": (key) => key === "45.14.224.9" ? listed("true") : NOT_LISTED,
  "abuse-ch-ransomware-ip": (key) => key === "45.14.224.9" ? listed(true) : NOT_LISTED,
  "abuse-ch-ransomware-domains": (key) => key === "evil.example" ? listed(true) : NOT_LISTED,
  "otx-api-ip": (key) => ({ single_value: null, multi_value: key === "45.14.224.9" ? { pulse_count: 2, pulse_names: "botnet" } : { pulse_count: 0 }, has_error: false }),
  "otx-api-domain": () => UNREACHABLE,
  whois: (key) => ({ single_value: null, multi_value: key === "8.8.8.8" ? { organization: "Google LLC", country_code: "US" } : null, has_error: false }),
};

function environment(config: Partial<ThreatIntelConfig>, tables: Tables = TABLES, asked: string[] = []): RuleEnvironment {
  return {
    lookup: (table, key) => {
      asked.push(`${table}:${key}`);
      return tables[table]?.(key) ?? null;
    },
    lookupError: (table) => table === "otx-api-domain" ? "The source of this data adapter (https://otx.alienvault.com) cannot be reached: this server has no internet access." : null,
    threatIntel: () => ({ ...THREAT_INTEL_DEFAULTS, ...config }),
    grokPatterns: () => new Map(),
    streamByTitle: () => null,
    debug: () => {},
    now: () => 0,
    createMessage: () => {
      throw new Error("not in these tests");
    },
  };
}

const NO_MESSAGE = {} as RuleMessage;

/** The value of one expression in a rule run with `env`. */
function evaluate(expression: string, env: RuleEnvironment): unknown {
  let result: unknown = null;
  const { compiled } = parseRule(`rule "t"\nwhen true\nthen\n  debug(${expression});\nend`, { hasLookupTable: () => true });
  compiled.execute({ message: NO_MESSAGE, env: { ...env, debug: (text) => (result = text.replace("PIPELINE DEBUG: ", "")) } });
  return JSON.parse(result as string);
}

Deno.test("threat_intel_lookup_ip asks only the enabled sources and names each that lists the address", () => {
  const asked: string[] = [];
  assert.deepEqual(evaluate('threat_intel_lookup_ip("45.14.224.9", "src")', environment({}, TABLES, asked)), { src_threat_indicated: false });
  assert.deepEqual(asked, [], "every source switched off: nothing is asked");
  assert.deepEqual(evaluate('threat_intel_lookup_ip("45.14.224.9", "src")', environment({ tor_enabled: true, spamhaus_enabled: true, abusech_ransom_enabled: true })), {
    src_threat_indicated: true,
    src_threat_indicated_spamhaus: true,
    src_threat_indicated_abusech_ransomware: true,
  });
  assert.deepEqual(evaluate('threat_intel_lookup_ip("185.220.101.1", " dst ")', environment({ tor_enabled: true })), { dst_threat_indicated: true, dst_threat_indicated_tor: true });
  assert.deepEqual(evaluate('threat_intel_lookup_ip("185.220.101.1", "dst")', environment({ spamhaus_enabled: true })), { dst_threat_indicated: false });
});

Deno.test("threat_intel_lookup_domain asks abuse.ch when it is enabled, by the lower-cased name", () => {
  assert.deepEqual(evaluate('threat_intel_lookup_domain("Evil.Example", "q")', environment({ abusech_ransom_enabled: true })), { q_threat_indicated: true, q_threat_indicated_abusech_ransomware: true });
  assert.deepEqual(evaluate('threat_intel_lookup_domain("evil.example", "q")', environment({ tor_enabled: true })), { q_threat_indicated: false });
});

Deno.test("the single-source lookups answer threat_indicated", () => {
  const env = environment({});
  assert.deepEqual(evaluate('tor_lookup("185.220.101.1")', env), { threat_indicated: true });
  assert.deepEqual(evaluate('tor_lookup("8.8.8.8")', env), { threat_indicated: false });
  assert.deepEqual(evaluate('spamhaus_lookup_ip("45.14.224.9")', env), { threat_indicated: true });
  assert.deepEqual(evaluate('abusech_ransom_lookup_ip("45.14.224.9")', env), { threat_indicated: true });
  assert.deepEqual(evaluate('abusech_ransom_lookup_domain("good.example")', env), { threat_indicated: false });
});

Deno.test("otx_lookup_ip gives OTX's fields and otx_threat_indicated; whois_lookup_ip the owner and country", () => {
  const env = environment({});
  assert.deepEqual(evaluate('otx_lookup_ip("45.14.224.9")', env), { pulse_count: 2, pulse_names: "botnet", otx_threat_indicated: true });
  assert.deepEqual(evaluate('otx_lookup_ip("9.9.9.9")', env), { pulse_count: 0, otx_threat_indicated: false });
  assert.deepEqual(evaluate('whois_lookup_ip("8.8.8.8", "src")', env), { src_whois_organization: "Google LLC", src_whois_country_code: "US" });
  assert.deepEqual(evaluate('whois_lookup_ip("1.1.1.1", "src")', env), { src_whois_organization: "N/A", src_whois_country_code: "N/A" });
});

Deno.test("addresses of private networks are never looked up; in_private_net says which are", () => {
  const asked: string[] = [];
  const env = environment({ tor_enabled: true, spamhaus_enabled: true, abusech_ransom_enabled: true }, TABLES, asked);
  assert.deepEqual(evaluate('threat_intel_lookup_ip("192.168.1.5", "src")', env), { src_threat_indicated: false });
  assert.deepEqual(evaluate('tor_lookup("10.0.0.1")', env), { threat_indicated: false });
  assert.deepEqual(asked, []);
  for (const [ip, expected] of [["10.1.2.3", true], ["172.16.0.1", true], ["172.31.255.255", true], ["172.32.0.1", false], ["192.168.0.1", true], ["8.8.8.8", false], ["::1", false], ["nonsense", false]] as const) {
    assert.equal(evaluate(`in_private_net("${ip}")`, env), expected, ip);
  }
});

Deno.test("a missing table or an unreachable source is a runtime error that says so", () => {
  const env = environment({ tor_enabled: true }, {});
  assert.throws(() => evaluate('tor_lookup("8.8.8.8")', env), /tor_lookup: the lookup table tor-exit-node-list does not exist/);
  assert.throws(() => evaluate('threat_intel_lookup_ip("8.8.8.8", "src")', env), /threat_intel_lookup_ip: the lookup table tor-exit-node-list does not exist/);
  assert.throws(
    () => evaluate('otx_lookup_domain("example.org")', environment({})),
    /otx_lookup_domain: The source of this data adapter \(https:\/\/otx\.alienvault\.com\) cannot be reached/,
  );
  const unreachable = environment({}, { "spamhaus-drop": () => UNREACHABLE });
  assert.throws(() => evaluate('spamhaus_lookup_ip("8.8.8.8")', unreachable), /spamhaus_lookup_ip: the lookup table spamhaus-drop cannot answer/);
});
