import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  CollectorListSchema,
  CollectorSchema,
  RegistrationResponseSchema,
  SidecarConfigurationListSchema,
  SidecarConfigurationSchema,
  SidecarListSchema,
  SidecarSummarySchema,
} from "../../api/schemas/sidecars.ts";
import { isActive, renderTemplate } from "../../mock-backend/sidecars/sidecar-store.ts";
import { type ApiHarness, apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("sidecars: registration as graylog-sidecar does it, collectors, configurations, assignments");
const NODE_ID = "6033137e-d56b-47fc-9762-cd699c11a5a9";

/** What graylog-sidecar 1.4 sends every update interval: its name and host details, its version in a header. */
const registration = (overrides: Record<string, unknown> = {}) => ({
  node_name: "web-01",
  node_details: {
    operating_system: "Linux",
    ip: "10.0.0.5",
    metrics: { disks_75: [], cpu_idle: 97.5, load_1: 0.12 },
    log_file_list: [{ path: "/var/log/syslog", mod_time: "2026-11-28T12:00:00Z", size: 2048, is_dir: false }],
    status: { status: 0, message: "1 running / 0 stopped / 0 failing", collectors: [] },
    tags: [],
    ...overrides,
  },
});

async function registerAs(h: ApiHarness, body: unknown, nodeId = NODE_ID) {
  return await h.call("PUT", `/sidecars/${nodeId}`, { body, headers: { "X-Graylog-Sidecar-Version": "1.4.0" } });
}

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

const ids: { filebeat: string; configuration: string } = { filebeat: "", configuration: "" };

suite.test("a sidecar registers with PUT /sidecars/{id} and is listed active, with its details and version", async (h) => {
  const first = await registerAs(h, registration());
  assert.equal(first.status, 202, JSON.stringify(first.body));
  assert.deepEqual(assertSchema(RegistrationResponseSchema, first.body), {
    configuration: { update_interval: 30, send_status: true },
    configuration_override: false,
    actions: null,
    assignments: null,
  });
  const listed = assertSchema(SidecarListSchema, (await h.call("GET", "/sidecars?only_active=true")).body);
  assert.deepEqual(listed.sidecars.map((sidecar) => [sidecar.node_id, sidecar.node_name, sidecar.active, sidecar.sidecar_version]), [
    [NODE_ID, "web-01", true, "1.4.0"],
  ]);
  assert.deepEqual(listed.pagination, { total: 1, count: 1, page: 1, per_page: 50 });
  const one = assertSchema(SidecarSummarySchema, (await h.call("GET", `/sidecars/${NODE_ID}`)).body);
  assert.equal(one.node_details.ip, "10.0.0.5");
  assert.equal(one.node_details.log_file_list?.[0].path, "/var/log/syslog");
  assert.equal((await h.call("GET", "/sidecars/unknown-node")).status, 404);
});

suite.test("a registration without a name or operating system, or without X-Requested-By, is refused", async (h) => {
  assertBadRequest(await registerAs(h, { node_details: { operating_system: "Linux" } }), /node_name/);
  assertBadRequest(await registerAs(h, { node_name: "x", node_details: { operating_system: "" } }), /node_details\.operating_system must not be empty/);
  const noHeader = await h.call("PUT", `/sidecars/${NODE_ID}`, { body: registration(), requestedBy: false });
  assert.notEqual(noHeader.status, 202);
});

suite.test("Graylog's default collectors are there; collectors are added, changed and refused by name and OS", async (h) => {
  const { collectors } = assertSchema(CollectorListSchema, (await h.call("GET", "/sidecar/collectors")).body);
  assert.deepEqual(collectors.map((collector) => `${collector.name}/${collector.node_operating_system}/${collector.service_type}`), [
    "filebeat/darwin/exec",
    "filebeat/freebsd/exec",
    "filebeat/linux/exec",
    "filebeat/windows/svc",
    "nxlog/linux/exec",
    "nxlog/windows/svc",
    "winlogbeat/windows/svc",
  ]);
  ids.filebeat = collectors.find((collector) => collector.name === "filebeat" && collector.node_operating_system === "linux")!.id;
  assert.match(collectors.find((collector) => collector.id === ids.filebeat)!.default_template, /fields\.gl2_source_collector: \$\{sidecar\.nodeId\}/);

  const body = { name: "auditbeat", service_type: "exec", node_operating_system: "linux", executable_path: "/usr/bin/auditbeat", execute_parameters: "-c %s" };
  const created = assertSchema(CollectorSchema, (await h.call("POST", "/sidecar/collectors", { body })).body);
  assertBadRequest(await h.call("POST", "/sidecar/collectors", { body }), /name: a collector <auditbeat> on linux exists already/);
  assertBadRequest(await h.call("POST", "/sidecar/collectors", { body: { ...body, service_type: "daemon" } }), /service_type must be exec or svc/);
  assertBadRequest(await h.call("POST", "/sidecar/collectors", { body: { ...body, executable_path: "" } }), /executable_path must not be empty/);
  const changed = assertSchema(CollectorSchema, (await h.call("PUT", `/sidecar/collectors/${created.id}`, { body: { ...body, executable_path: "/opt/auditbeat" } })).body);
  assert.equal(changed.executable_path, "/opt/auditbeat");
  assert.equal((await h.call("DELETE", `/sidecar/collectors/${created.id}`)).status, 204);
  assert.equal((await h.call("GET", `/sidecar/collectors/${created.id}`)).status, 404);
});

suite.test("a configuration is created for a collector, assigned to the sidecar, handed out at registration and rendered for it", async (h) => {
  const body = { collector_id: ids.filebeat, name: "web logs", color: "#00aa88", template: "fields.collector_node_id: ${sidecar.nodeName}\nid: ${sidecar.nodeId}\n", tags: [] };
  const configuration = assertSchema(SidecarConfigurationSchema, (await h.call("POST", "/sidecar/configurations", { body })).body);
  ids.configuration = configuration.id;
  assertBadRequest(await h.call("POST", "/sidecar/configurations", { body }), /name: a configuration named <web logs> exists already/);
  assertBadRequest(await h.call("POST", "/sidecar/configurations", { body: { ...body, name: "x", collector_id: "nope" } }), /collector_id: there is no collector <nope>/);
  assertBadRequest(await h.call("POST", "/sidecar/configurations", { body: { ...body, name: "y", color: "green" } }), /color must be a colour/);
  const listed = assertSchema(SidecarConfigurationListSchema, (await h.call("GET", "/sidecar/configurations")).body);
  assert.deepEqual(listed.configurations.map((c) => c.name), ["web logs"]);

  const assignment = { collector_id: ids.filebeat, configuration_id: configuration.id };
  assert.equal((await h.call("PUT", "/sidecars/configurations", { body: { nodes: [{ node_id: NODE_ID, assignments: [assignment] }] } })).status, 202);
  assert.equal((await h.call("PUT", "/sidecars/configurations", { body: { nodes: [{ node_id: "nobody", assignments: [] }] } })).status, 404);
  assertBadRequest(
    await h.call("PUT", "/sidecars/configurations", { body: { nodes: [{ node_id: NODE_ID, assignments: [{ ...assignment, configuration_id: "none" }] }] } }),
    /assignments\.configuration_id: there is no configuration <none>/,
  );
  const again = assertSchema(RegistrationResponseSchema, (await registerAs(h, registration())).body);
  assert.deepEqual(again.assignments, [{ ...assignment, assigned_from_tags: [] }]);

  const rendered = assertSchema(SidecarConfigurationSchema, (await h.call("GET", `/sidecar/configurations/render/${NODE_ID}/${configuration.id}`)).body);
  assert.equal(rendered.template, `fields.collector_node_id: web-01\nid: ${NODE_ID}\n`);
  assertBadRequest(await h.call("DELETE", `/sidecar/configurations/${configuration.id}`), /still assigned to sidecar <web-01>/);
  assertBadRequest(await h.call("DELETE", `/sidecar/collectors/${ids.filebeat}`), /the configuration <web logs> still uses this collector/);
});

suite.test("administration lists the collectors each sidecar can run and filters; actions reach the sidecar once", async (h) => {
  await registerAs(h, registration({ operating_system: "Windows", status: { status: 2, message: "failing", collectors: [] } }), "win-node");
  const all = assertSchema(SidecarListSchema, (await h.call("POST", "/sidecar/administration", { body: {} })).body);
  const linux = all.sidecars.find((sidecar) => sidecar.node_id === NODE_ID)!;
  assert.ok(linux.collectors?.includes(ids.filebeat));
  assert.equal(all.sidecars.find((sidecar) => sidecar.node_id === "win-node")!.collectors?.length, 3);
  const failing = assertSchema(SidecarListSchema, (await h.call("POST", "/sidecar/administration", { body: { filters: { status: "failing" } } })).body);
  assert.deepEqual(failing.sidecars.map((sidecar) => sidecar.node_id), ["win-node"]);
  assert.deepEqual(failing.filters, { status: "failing" });
  assertBadRequest(await h.call("POST", "/sidecar/administration", { body: { per_page: 0 } }), /per_page must be at least 1/);

  const action = { action: "restart", collectors: [{ sidecar_id: NODE_ID, collector_ids: [ids.filebeat] }] };
  assert.equal((await h.call("PUT", "/sidecar/administration/action", { body: action })).status, 202);
  assertBadRequest(await h.call("PUT", "/sidecar/administration/action", { body: { ...action, action: "reboot" } }), /action must be one of start, stop, restart/);
  const withAction = assertSchema(RegistrationResponseSchema, (await registerAs(h, registration())).body);
  assert.deepEqual(withAction.actions, [{ collector_id: ids.filebeat, properties: { restart: true } }]);
  assert.equal(assertSchema(RegistrationResponseSchema, (await registerAs(h, registration())).body).actions, null);
});

suite.test("the reader may not see sidecars or register one", async (h) => {
  for (const [method, path] of [["GET", "/sidecars"], ["GET", "/sidecar/collectors"], ["PUT", `/sidecars/${NODE_ID}`]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie, body: method === "PUT" ? registration() : undefined });
    assert.equal(answer.status, 403, path);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
});

Deno.test("a sidecar is active for a minute after it was last seen, and templates fill the sidecar's variables", () => {
  const seen = "2026-11-28T12:00:00.000Z";
  assert.equal(isActive(seen, Date.parse(seen) + 60_000), true);
  assert.equal(isActive(seen, Date.parse(seen) + 60_001), false);
  const sidecar = { node_id: "n1", node_name: "web", node_details: { operating_system: "Linux" }, assignments: [], last_seen: seen, sidecar_version: "1.4.0" };
  assert.equal(renderTemplate("${sidecar.nodeName} ${sidecar.nodeId} ${sidecar.operatingSystem} ${sidecar.unknown}", sidecar), "web n1 Linux ${sidecar.unknown}");
});
