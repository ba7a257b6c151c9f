import assert from "node:assert/strict";
import { MessagesWidgetConfigSchema, type WidgetDecorator } from "../../../api/schemas/widgets.ts";
import { decorateMessages, decoratorsToApply } from "../../../mock-backend/decorators/decorate-messages.ts";
import { DECORATOR_TYPES } from "../decorators/shipped-lookups.ts";
import {
  fieldsWrittenBy,
  widgetDecoratorsInOrder,
  withDecoratorAdded,
  withDecoratorChanged,
  withDecoratorRemoved,
} from "../../../ui/widgets/logic/widget-decorators.ts";

const FORMAT = "org.graylog2.decorators.FormatStringDecorator";
const SEVERITY = "org.graylog2.decorators.SyslogSeverityMapperDecorator";

const decorator = (overrides: Partial<WidgetDecorator> = {}): WidgetDecorator => ({
  type: FORMAT,
  config: { format_string: "${source}", target_field: "origin" },
  order: 0,
  ...overrides,
});

const targets = (list: readonly WidgetDecorator[]) => list.map((d) => [d.order, d.config.target_field]);

Deno.test("a widget's decorators are listed in run order and renumbered from 0", () => {
  const list = widgetDecoratorsInOrder([
    decorator({ order: 7, config: { target_field: "c" } }),
    decorator({ order: 2, config: { target_field: "a" } }),
    decorator({ order: 5, config: { target_field: "b" } }),
  ]);
  assert.deepEqual(targets(list), [[0, "a"], [1, "b"], [2, "c"]]);
});

Deno.test("an added decorator runs after the others", () => {
  const list = withDecoratorAdded(
    [
      decorator({ order: 3, config: { target_field: "b" } }),
      decorator({ order: 1, config: { target_field: "a" } }),
    ],
    SEVERITY,
    { source_field: "level", target_field: "severity" },
  );
  assert.deepEqual(targets(list), [[0, "a"], [1, "b"], [2, "severity"]]);
  assert.deepEqual(list[2], {
    type: SEVERITY,
    config: { source_field: "level", target_field: "severity" },
    order: 2,
  });
});

Deno.test("editing a decorator changes its configuration only, at its place in the run order", () => {
  const before = [
    decorator({ order: 1, config: { target_field: "b" } }),
    decorator({ type: SEVERITY, order: 0, config: { target_field: "a" } }),
  ];
  const after = withDecoratorChanged(before, 0, { target_field: "level_name" });
  assert.deepEqual(after.map((d) => [d.type, d.order, d.config.target_field]), [
    [SEVERITY, 0, "level_name"],
    [FORMAT, 1, "b"],
  ]);
  assert.equal(before[1].config.target_field, "a", "the draft's old list is not mutated");
});

Deno.test("deleting a decorator moves the later ones up", () => {
  const list = [0, 1, 2].map((order) => decorator({ order, config: { target_field: `f${order}` } }));
  assert.deepEqual(targets(withDecoratorRemoved(list, 1)), [[0, "f0"], [1, "f2"]]);
  assert.deepEqual(targets(withDecoratorRemoved(list, 9)), targets(list), "an unknown index changes nothing");
});

Deno.test("the Fields picker is offered the fields the decorators write, once each, none blank", () => {
  const list = [
    decorator({ order: 2, config: { target_field: "summary" } }),
    decorator({ order: 0, config: { target_field: "severity" } }),
    decorator({ order: 1, config: { target_field: "" } }),
    decorator({
      order: 3,
      type: "org.graylog2.decorators.LinkFieldDecorator",
      config: { link_field: "url" },
    }),
    decorator({ order: 4, config: { target_field: "summary" } }),
  ];
  assert.deepEqual(fieldsWrittenBy(list), ["severity", "summary"]);
});

Deno.test("the stored config keeps the inline decorator shape and defaults a missing configuration", () => {
  const config = MessagesWidgetConfigSchema.parse({
    decorators: [{ type: FORMAT, config: { format_string: "x", target_field: "y" }, order: 1 }, {
      type: SEVERITY,
    }],
  });
  assert.deepEqual(config.decorators, [
    { type: FORMAT, config: { format_string: "x", target_field: "y" }, order: 1 },
    { type: SEVERITY, config: {}, order: 0 },
  ]);
  assert.equal(
    MessagesWidgetConfigSchema.safeParse({ decorators: [{ config: {} }] }).success,
    false,
    "a type is needed",
  );
  assert.equal(MessagesWidgetConfigSchema.safeParse({ decorators: ["x"] }).success, false);
});

Deno.test("what the editor builds is what the messages search type applies, after the stream's decorators", () => {
  const widgetDecorators = withDecoratorAdded([], FORMAT, {
    format_string: "${http_method} ${source}",
    target_field: "request_line",
    require_all_fields: true,
  });
  const stored = [{
    id: "s1",
    stream: null,
    type: FORMAT,
    config: { format_string: "web", target_field: "http_method" },
    order: 0,
  }];
  const applied = decoratorsToApply(stored, [], widgetDecorators);
  const [decorated] = decorateMessages(
    [{ index: "graylog_0", message: { _id: "m1", source: "host-1", http_method: "GET" } }],
    applied,
    DECORATOR_TYPES,
  );
  assert.equal(decorated.message.request_line, "web host-1", "the widget's decorator ran second");
  assert.deepEqual(decorated.decoration_stats?.added_fields, { request_line: "web host-1" });
});
