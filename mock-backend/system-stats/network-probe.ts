import type { NetworkStats } from "../../api/schemas/system-stats.ts";
import { procTable, readNumber, readProcFile } from "./proc-files.ts";

type InterfaceStats = NonNullable<NetworkStats["interfaces"][string]["interface_stats"]>;

/** /sys/class/net/<name>/statistics counters for each field of Graylog's InterfaceStats. */
const COUNTERS: Record<keyof InterfaceStats, string> = {
  rx_packets: "rx_packets",
  rx_errors: "rx_errors",
  rx_dropped: "rx_dropped",
  rx_overruns: "rx_fifo_errors",
  rx_frame: "rx_frame_errors",
  tx_packets: "tx_packets",
  tx_errors: "tx_errors",
  tx_dropped: "tx_dropped",
  tx_overruns: "tx_fifo_errors",
  tx_carrier: "tx_carrier_errors",
  tx_collisions: "collisions",
  rx_bytes: "rx_bytes",
  tx_bytes: "tx_bytes",
};

/**
 * The machine's network in Graylog's `NetworkStats` shape: interfaces and addresses from Deno, MTU and counters from
 * /sys/class/net, the primary interface (the default route's) from /proc/net/route, TCP counters from
 * /proc/net/snmp. Without those files the counters are null, as Graylog writes them when its probe has none.
 */
export async function networkStats(): Promise<NetworkStats> {
  const interfaces: NetworkStats["interfaces"] = {};
  for (const nic of Deno.networkInterfaces()) {
    const known = interfaces[nic.name];
    if (known) {
      known.addresses.push(nic.address);
      continue;
    }
    interfaces[nic.name] = {
      name: nic.name,
      addresses: [nic.address],
      mac_address: nic.mac,
      mtu: await readNumber(`/sys/class/net/${nic.name}/mtu`),
      interface_stats: await interfaceStats(nic.name),
    };
  }
  return { primary_interface: primaryInterface(await readProcFile("/proc/net/route")), interfaces, tcp: tcpStats(await readProcFile("/proc/net/snmp")) };
}

async function interfaceStats(name: string): Promise<InterfaceStats | null> {
  const entries = await Promise.all(
    Object.entries(COUNTERS).map(async ([field, file]) => [field, await readNumber(`/sys/class/net/${name}/statistics/${file}`)] as const),
  );
  if (entries.every(([, value]) => value === -1)) return null;
  return Object.fromEntries(entries) as InterfaceStats;
}

/** The interface of the default route (destination 00000000) in /proc/net/route. */
export function primaryInterface(routes: string | null): string | null {
  const line = routes?.split("\n").slice(1).find((row) => row.split(/\s+/)[1] === "00000000");
  return line?.split(/\s+/)[0] ?? null;
}

function tcpStats(snmp: string | null): NetworkStats["tcp"] {
  const tcp = procTable(snmp, "Tcp");
  if (!tcp) return null;
  return {
    active_opens: tcp.ActiveOpens,
    passive_opens: tcp.PassiveOpens,
    attempt_fails: tcp.AttemptFails,
    estab_resets: tcp.EstabResets,
    curr_estab: tcp.CurrEstab,
    in_segs: tcp.InSegs,
    out_segs: tcp.OutSegs,
    retrans_segs: tcp.RetransSegs,
    in_errs: tcp.InErrs,
    out_rsts: tcp.OutRsts,
  };
}
