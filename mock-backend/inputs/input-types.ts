import type { ConfigurationField, InputTypeInfo } from "../../api/schemas/inputs.ts";
import type { InputCodec } from "./codecs/input-codec.ts";
import { generateDemoTraffic } from "../demo-traffic.ts";
import { DemoCodec } from "./codecs/demo-codec.ts";
import { GelfCodec } from "./codecs/gelf-codec.ts";
import { JsonPathCodec } from "./codecs/json-path-codec.ts";
import { RawCodec } from "./codecs/raw-codec.ts";
import { SyslogCodec } from "./codecs/syslog-codec.ts";
import { booleanField, dropdownField, numberField, textField } from "./configuration-fields.ts";
import { parseHeaderList, pollHttp } from "./transports/http-poll-transport.ts";
import { listenHttp } from "./transports/http-transport.ts";
import type { StreamFraming } from "./transports/stream-framer.ts";
import { listenTcp } from "./transports/tcp-transport.ts";
import type { Transport, TransportSink } from "./transports/transport.ts";
import { listenUdp } from "./transports/udp-transport.ts";

/** A configuration with every field of its type filled (defaults where the request left one out). */
export type InputConfiguration = Record<string, string | number | boolean | string[] | null>;

/** What a transport may ask of the server it runs in. */
export interface InputContext {
  /** The URL allow-list's verdict (inputs that fetch URLs poll only permitted ones). */
  urlAllowed(url: string): Promise<boolean>;
}

/** An input type that really listens: its form, its transport and its codec (spec 002 §7 Inputs). */
export interface InputTypeDefinition {
  name: string;
  fields: readonly ConfigurationField[];
  listen(configuration: InputConfiguration, sink: TransportSink, context: InputContext): Promise<Transport>;
  codec(configuration: InputConfiguration): InputCodec;
  /** Its transport acknowledges each message (GELF HTTP's 202): acknowledged frames go to an ingest journal first. */
  acknowledges?: true;
}

const GELF_DOCS = "https://go2docs.graylog.org/5-1/getting_in_log_data/gelf.html";
const SYSLOG_DOCS = "https://go2docs.graylog.org/5-1/getting_in_log_data/syslog_inputs.html";
const RAW_DOCS = "https://go2docs.graylog.org/5-1/getting_in_log_data/raw_plaintext_inputs.html";

const bindFields = (defaultPort: number): ConfigurationField[] => [
  textField("bind_address", "Bind address", "0.0.0.0", 10, { description: "Address to listen on. For example 0.0.0.0 or 127.0.0.1." }),
  numberField("port", "Port", defaultPort, 20, { description: "Port to listen on.", attributes: ["is_port_number"] }),
  textField("override_source", "Override source", "", 90, {
    optional: true,
    description: "The source is a hostname derived from the received packet by default. Set this if you want to override it with a custom string.",
  }),
];

const udpFields = (defaultPort: number): ConfigurationField[] => [
  ...bindFields(defaultPort),
  numberField("recv_buffer_size", "Receive Buffer Size", 262144, 30, {
    optional: true,
    description: "The size in bytes of the recvBufferSize for network connections to this input.",
    attributes: ["only_positive"],
  }),
];

const tcpFields = (defaultPort: number): ConfigurationField[] => [
  ...bindFields(defaultPort),
  numberField("max_message_size", "Maximum message size", 2097152, 40, {
    optional: true,
    description: "The maximum length of a message.",
    attributes: ["only_positive"],
  }),
  booleanField("tls_enable", "Enable TLS", false, 50, { description: "Accept TLS connections" }),
  textField("tls_cert_file", "TLS cert file", "", 51, { optional: true, description: "Path to the TLS certificate file" }),
  textField("tls_key_file", "TLS private key file", "", 52, { optional: true, description: "Path to the TLS private key file" }),
  textField("tls_key_password", "TLS key password", "", 53, {
    optional: true,
    encrypted: true,
    description: "The password for the encrypted key file.",
    attributes: ["is_password"],
  }),
];

const nullDelimiterField = booleanField("use_null_delimiter", "Null frame delimiter?", false, 60, {
  description: "Use null byte as frame delimiter? Otherwise newline delimiter is used.",
});

const decompressField = numberField("decompress_size_limit", "Decompressed size limit", 8388608, 70, {
  optional: true,
  description: "The maximum number of bytes after decompression.",
  attributes: ["only_positive"],
});

const syslogFields: ConfigurationField[] = [
  booleanField("allow_override_date", "Allow overriding date?", true, 80, {
    description: "Allow to override with current date if date could not be parsed?",
  }),
  booleanField("store_full_message", "Store full message?", false, 81, {
    description: "Store the full original syslog message as full_message?",
  }),
];

const num = (configuration: InputConfiguration, name: string) => Number(configuration[name]);
const str = (configuration: InputConfiguration, name: string) => String(configuration[name] ?? "");
const bool = (configuration: InputConfiguration, name: string) => configuration[name] === true;

const bind = (configuration: InputConfiguration) => ({ bindAddress: str(configuration, "bind_address"), port: num(configuration, "port") });

const tls = (configuration: InputConfiguration) =>
  bool(configuration, "tls_enable")
    ? { certFile: str(configuration, "tls_cert_file"), keyFile: str(configuration, "tls_key_file"), keyPassword: str(configuration, "tls_key_password") }
    : null;

const udp = (configuration: InputConfiguration, sink: TransportSink) =>
  listenUdp({ ...bind(configuration), receiveBufferSize: num(configuration, "recv_buffer_size") }, sink);

const tcp = (framing: StreamFraming) => (configuration: InputConfiguration, sink: TransportSink) =>
  listenTcp({ ...bind(configuration), framing, maxFrameBytes: num(configuration, "max_message_size"), tls: tls(configuration) }, sink);

/** Null-delimited when the option is set, newline-delimited otherwise; syslog also reads octet-counted frames. */
const delimited = (octetCounting: boolean) => (configuration: InputConfiguration, sink: TransportSink) => {
  const nul = bool(configuration, "use_null_delimiter");
  const framing: StreamFraming = octetCounting ? (nul ? "octet_counting_or_nul" : "octet_counting_or_newline") : (nul ? "nul" : "newline");
  return tcp(framing)(configuration, sink);
};

const gelf = (chunked: boolean) => (configuration: InputConfiguration) =>
  new GelfCodec({ chunked, decompressSizeLimit: num(configuration, "decompress_size_limit") });

const syslog = (configuration: InputConfiguration) =>
  new SyslogCodec({
    storeFullMessage: bool(configuration, "store_full_message"),
    allowOverrideDate: bool(configuration, "allow_override_date"),
  });

/** Graylog's poll intervals' units, in milliseconds. */
const TIME_UNITS = { SECONDS: 1000, MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 } as const;
const isTimeUnit = (unit: string): unit is keyof typeof TIME_UNITS => Object.hasOwn(TIME_UNITS, unit);

const pollInterval = (configuration: InputConfiguration) => {
  const unit = str(configuration, "timeunit");
  return num(configuration, "interval") * (isTimeUnit(unit) ? TIME_UNITS[unit] : TIME_UNITS.MINUTES);
};

/** The demo input's type: Sluice's own, for the generated demo traffic (`npm start` launches one). */
export const DEMO_INPUT_TYPE = "org.graylog2.inputs.demo.DemoTrafficInput";

/** The input types, by Graylog's class names (saved inputs store these ids). */
export const INPUT_TYPES = {
  "org.graylog2.inputs.gelf.udp.GELFUDPInput": {
    name: "GELF UDP",
    fields: [...udpFields(12201), decompressField],
    listen: udp,
    codec: gelf(true),
  },
  "org.graylog2.inputs.gelf.tcp.GELFTCPInput": {
    name: "GELF TCP",
    fields: [...tcpFields(12201), decompressField],
    listen: tcp("nul"),
    codec: gelf(false),
  },
  "org.graylog2.inputs.gelf.http.GELFHttpInput": {
    name: "GELF HTTP",
    fields: [
      ...bindFields(12201),
      numberField("max_message_size", "Maximum message size", 2097152, 40, {
        optional: true,
        description: "The maximum length of a message.",
        attributes: ["only_positive"],
      }),
      booleanField("enable_cors", "Enable CORS", true, 45, { description: "Input sends CORS headers to satisfy browser security policies" }),
      decompressField,
    ],
    listen: (configuration, sink) =>
      listenHttp({
        ...bind(configuration),
        path: "/gelf",
        enableCors: bool(configuration, "enable_cors"),
        maxBodyBytes: num(configuration, "max_message_size"),
      }, sink),
    codec: gelf(false),
    acknowledges: true,
  },
  "org.graylog2.inputs.syslog.udp.SyslogUDPInput": {
    name: "Syslog UDP",
    fields: [...udpFields(514), ...syslogFields],
    listen: udp,
    codec: syslog,
  },
  "org.graylog2.inputs.syslog.tcp.SyslogTCPInput": {
    name: "Syslog TCP",
    fields: [...tcpFields(514), nullDelimiterField, ...syslogFields],
    listen: delimited(true),
    codec: syslog,
  },
  "org.graylog2.inputs.raw.udp.RawUDPInput": {
    name: "Raw/Plaintext UDP",
    fields: udpFields(5555),
    listen: udp,
    codec: () => new RawCodec(),
  },
  "org.graylog2.inputs.raw.tcp.RawTCPInput": {
    name: "Raw/Plaintext TCP",
    fields: [...tcpFields(5555), nullDelimiterField],
    listen: delimited(false),
    codec: () => new RawCodec(),
  },
  "org.graylog2.inputs.misc.jsonpath.JsonPathInput": {
    name: "JSON path value from HTTP API",
    fields: [
      textField("target_url", "URI of JSON resource", "", 10, { description: "HTTP resource returning JSON on GET" }),
      textField("headers", "Additional HTTP headers", "", 20, {
        optional: true,
        description: "Add a comma separated list of additional HTTP headers. For example: Accept: application/json, X-Requester: Graylog2",
      }),
      numberField("interval", "Interval", 1, 30, {
        description: "Time between every collector run. Select a time unit in the corresponding dropdown. Example: Run every 5 minutes.",
        attributes: ["only_positive"],
      }),
      dropdownField("timeunit", "Interval time unit", "MINUTES", { SECONDS: "Seconds", MINUTES: "Minutes", HOURS: "Hours", DAYS: "Days" }, 31),
      textField("path", "JSON path of data to extract", "", 40, {
        description: "Path to the value you want to extract from the JSON response. For example: $.store.book[1].number_of_orders",
      }),
      textField("source", "Message source", "yourapi", 50, { description: "What to use as source field of the resulting message." }),
    ],
    listen: (configuration, sink, context) =>
      pollHttp({
        url: str(configuration, "target_url"),
        headers: parseHeaderList(str(configuration, "headers")),
        intervalMs: pollInterval(configuration),
        urlAllowed: context.urlAllowed,
      }, sink),
    codec: (configuration) => new JsonPathCodec({ path: str(configuration, "path"), source: str(configuration, "source") }),
  },
  [DEMO_INPUT_TYPE]: {
    name: "Demo traffic generator",
    fields: [
      numberField("rate", "Messages per second", 5, 10, {
        description: "About this many generated demo messages a second (web, app, firewall, sshd, kernel and cron logs).",
        attributes: ["only_positive"],
      }),
    ],
    listen: (configuration, sink) => generateDemoTraffic(num(configuration, "rate"), sink),
    codec: () => new DemoCodec(),
  },
} satisfies Record<string, InputTypeDefinition>;

export type InputTypeId = keyof typeof INPUT_TYPES;

const DOCS: Record<InputTypeId, string> = {
  "org.graylog2.inputs.gelf.udp.GELFUDPInput": GELF_DOCS,
  "org.graylog2.inputs.gelf.tcp.GELFTCPInput": GELF_DOCS,
  "org.graylog2.inputs.gelf.http.GELFHttpInput": GELF_DOCS,
  "org.graylog2.inputs.syslog.udp.SyslogUDPInput": SYSLOG_DOCS,
  "org.graylog2.inputs.syslog.tcp.SyslogTCPInput": SYSLOG_DOCS,
  "org.graylog2.inputs.raw.udp.RawUDPInput": RAW_DOCS,
  "org.graylog2.inputs.raw.tcp.RawTCPInput": RAW_DOCS,
  "org.graylog2.inputs.misc.jsonpath.JsonPathInput": "https://go2docs.graylog.org/5-1/getting_in_log_data/json_path_from_http_api_input.html",
  [DEMO_INPUT_TYPE]: "",
};

export function isInputType(type: string): type is InputTypeId {
  return Object.hasOwn(INPUT_TYPES, type);
}

/** The type's definition; throws naming the known ids when there is none (saved inputs are checked on launch). */
export function inputType(type: string): InputTypeDefinition {
  if (!isInputType(type)) throw new Error(`Unknown input type ${type}; known: ${Object.keys(INPUT_TYPES).join(", ")}`);
  return INPUT_TYPES[type];
}

/** The type as GET /system/inputs/types/{type} describes it. */
export function inputTypeInfo(type: InputTypeId): InputTypeInfo {
  const definition: InputTypeDefinition = INPUT_TYPES[type];
  return {
    type,
    name: definition.name,
    is_exclusive: false,
    requested_configuration: Object.fromEntries(definition.fields.map((field) => [field.name, field])),
    link_to_docs: DOCS[type],
  };
}
