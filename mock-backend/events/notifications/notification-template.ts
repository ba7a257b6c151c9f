/**
 * The templates of email subjects, bodies and Slack messages, in the part of Graylog's JMTE syntax its default
 * templates use: `${path.to.value}`, `${foreach list item}…${end}` and `${if value}…${end}` (a value is true when
 * it is present, not false and not an empty list or text). Unknown paths render as nothing.
 */
export function renderNotificationTemplate(template: string, model: Record<string, unknown>): string {
  return renderBlock(parse(template, 0).nodes, model);
}

type TemplateNode =
  | { kind: "text"; text: string }
  | { kind: "value"; path: string }
  | { kind: "foreach"; list: string; item: string; body: TemplateNode[] }
  | { kind: "if"; path: string; body: TemplateNode[] };

const TAG = /\$\{\s*([^}]*?)\s*\}/g;

function parse(template: string, start: number): { nodes: TemplateNode[]; end: number } {
  const nodes: TemplateNode[] = [];
  TAG.lastIndex = start;
  let position = start;
  for (let match = TAG.exec(template); match; match = TAG.exec(template)) {
    if (match.index > position) nodes.push({ kind: "text", text: template.slice(position, match.index) });
    position = match.index + match[0].length;
    const [word, ...rest] = match[1].split(/\s+/);
    if (word === "end") return { nodes, end: position };
    if (word === "foreach" || word === "if") {
      const inner = parse(template, position);
      nodes.push(
        word === "foreach"
          ? { kind: "foreach", list: rest[0] ?? "", item: rest[1] ?? "item", body: inner.nodes }
          : { kind: "if", path: rest[0] ?? "", body: inner.nodes },
      );
      position = inner.end;
      TAG.lastIndex = position;
      continue;
    }
    nodes.push({ kind: "value", path: match[1] });
  }
  if (position < template.length) nodes.push({ kind: "text", text: template.slice(position) });
  return { nodes, end: template.length };
}

function renderBlock(nodes: readonly TemplateNode[], model: Record<string, unknown>): string {
  return nodes.map((node) => {
    switch (node.kind) {
      case "text":
        return node.text;
      case "value":
        return printed(lookup(model, node.path));
      case "foreach": {
        const list = lookup(model, node.list);
        return Array.isArray(list) ? list.map((item) => renderBlock(node.body, { ...model, [node.item]: item })).join("") : "";
      }
      case "if":
        return truthy(lookup(model, node.path)) ? renderBlock(node.body, model) : "";
    }
  }).join("");
}

function lookup(model: Record<string, unknown>, path: string): unknown {
  let value: unknown = model;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== false && value !== "";
}

function printed(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
