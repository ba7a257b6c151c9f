/** What the rule page shows of the rule language's functions, and the source a new rule starts from. */

interface Described {
  name: string;
  return_type: string;
  params: readonly { name: string; type: string; optional: boolean }[];
}

/** `name(param: type, [optional: type]): return type`. */
export function functionSignature(fn: Described): string {
  const params = fn.params.map((param) => param.optional ? `[${param.name}: ${param.type}]` : `${param.name}: ${param.type}`);
  return `${fn.name}(${params.join(", ")}): ${fn.return_type}`;
}

export const RULE_TEMPLATE = `rule "function howto"
when
  has_field("transaction_date")
then
  // the following date format assumes there's no time zone in the string
  let new_date = parse_date(to_string($message.transaction_date), "yyyy-MM-dd HH:mm:ss");
  set_field("transaction_year", format_date(new_date, "yyyy"));
end`;
