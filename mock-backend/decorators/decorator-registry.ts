import type { AvailableDecorators } from "../../api/schemas/decorators.ts";
import type { DecoratorType } from "./decorator-type.ts";
import { formatString } from "./format-string.ts";
import { linkField } from "./link-field.ts";
import { type LookupTableSource, lookupTableDecorator } from "./lookup-table.ts";
import { syslogSeverityMapper } from "./syslog-severity-mapper.ts";

/**
 * Decorator types by their stable id (an open kind, STYLE.md 'Seams'): registering an id twice throws, and so
 * does asking for an unknown one, naming the known ids.
 */
export class DecoratorTypeRegistry {
  readonly #types = new Map<string, DecoratorType>();

  constructor(types: readonly DecoratorType[] = []) {
    for (const type of types) this.register(type);
  }

  register(type: DecoratorType): void {
    if (this.#types.has(type.id)) throw new Error(`Decorator type '${type.id}' is registered twice`);
    this.#types.set(type.id, type);
  }

  /** The type, or undefined: stored decorators may name a type this build does not know. */
  find(id: string): DecoratorType | undefined {
    return this.#types.get(id);
  }

  get(id: string): DecoratorType {
    const type = this.#types.get(id);
    if (!type) {
      throw new Error(`Unknown decorator type '${id}'; known types: ${[...this.#types.keys()].join(", ")}`);
    }
    return type;
  }

  list(): DecoratorType[] {
    return [...this.#types.values()];
  }

  /** The wire answer of GET /search/decorators/available. */
  available(): AvailableDecorators {
    return Object.fromEntries(
      this.list().map((type) => [type.id, {
        type: type.id,
        name: type.name,
        human_name: type.name,
        description: type.description,
        requested_configuration: type.configuration,
        link_to_docs: "",
      }]),
    );
  }
}

/** The decorator types of the embedded backend; the lookup-table decorator uses `lookups`. */
export function decoratorTypes(lookups: LookupTableSource): DecoratorTypeRegistry {
  return new DecoratorTypeRegistry([syslogSeverityMapper, formatString, lookupTableDecorator(lookups), linkField]);
}
