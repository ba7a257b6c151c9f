/**
 * Whether a JSON-like value nests arrays and objects more than `limit` levels deep, found without recursion
 * (a stored value 10,000 levels deep would overflow the stack of any recursive walk, JSON.stringify's included).
 * A scalar has depth 0, `[]` and `{}` depth 1.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
