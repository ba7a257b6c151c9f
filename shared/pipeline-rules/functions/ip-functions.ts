import { constantText, param, type RuleFunction, textOf } from "../rule-function.ts";
import { RuleIpAddress } from "../rule-types.ts";

/** An IPv4 or IPv6 address, or null when `text` is neither. */
export function parseIp(text: string): RuleIpAddress | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    return new RuleIpAddress(text, bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n), false);
  }
  if (!text.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => half === "" ? [] : half.split(":");
  let [head, tail] = [groups(halves[0]), halves.length === 2 ? groups(halves[1]) : []];
  const embedded = (list: string[]) => {
    const last = list[list.length - 1];
    const ip = last?.includes(".") ? parseIp(last) : null;
    if (last?.includes(".") && !ip) return null;
    return ip ? [...list.slice(0, -1), (ip.value >> 16n).toString(16), (ip.value & 0xffffn).toString(16)] : list;
  };
  if (halves.length === 2) tail = embedded(tail) ?? ["x"];
  else head = embedded(head) ?? ["x"];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((group) => !/^[0-9A-Fa-f]{1,4}$/.test(group))) return null;
  return new RuleIpAddress(text, all.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n), true);
}

/** Whether `ip` lies in the `cidr` block (e.g. 10.0.0.0/8, 2001:db8::/32). */
export function inCidr(cidr: string, ip: RuleIpAddress): boolean {
  const [network, bitsText] = cidr.split("/");
  const base = parseIp(network);
  if (!base) throw new Error(`Invalid CIDR block ${cidr}`);
  const width = base.v6 ? 128 : 32;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) throw new Error(`Invalid CIDR block ${cidr}`);
  if (base.v6 !== ip.v6) return false;
  const shift = BigInt(width - bits);
  return (base.value >> shift) === (ip.value >> shift);
}

/** Graylog's IP functions. */
export const IP_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "to_ip",
    description: "Converts a value to an IP address; a value that is not one becomes the default",
    params: [param("ip", "Object", "Value to convert"), param("default", "String", "Used when the value is not an IP address", true)],
    returnType: "IpAddress",
    run: ([ip, fallback]) => {
      if (ip instanceof RuleIpAddress) return ip;
      const parsed = parseIp((textOf(ip) ?? "").trim()) ?? (fallback === undefined ? null : parseIp(textOf(fallback) ?? ""));
      if (!parsed) throw new Error(`to_ip: ${textOf(ip)} is not an IP address`);
      return parsed;
    },
  },
  {
    name: "cidr_match",
    description: "Checks whether an IP address lies in a CIDR block",
    params: [param("cidr", "String", "The CIDR block, e.g. 192.168.0.0/16"), param("ip", "IpAddress", "The IP address (see to_ip)")],
    returnType: "Boolean",
    check: (args) => {
      const cidr = constantText(args[0] as Parameters<typeof constantText>[0]);
      if (cidr === null) return null;
      try {
        inCidr(cidr, parseIp("0.0.0.0")!);
        return null;
      } catch (error) {
        return { index: 0, reason: (error as Error).message };
      }
    },
    run: ([cidr, ip]) => {
      const address = ip instanceof RuleIpAddress ? ip : parseIp(textOf(ip) ?? "");
      if (!address) throw new Error(`cidr_match: ${textOf(ip)} is not an IP address`);
      return inCidr(textOf(cidr) ?? "", address);
    },
  },
];
