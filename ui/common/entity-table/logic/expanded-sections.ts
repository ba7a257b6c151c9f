/** Expanded row sections (spec 000 §4): per entity id, the names of its open sections. */
export type ExpandedSections = Readonly<Record<string, readonly string[]>>;

export function isSectionExpanded(state: ExpandedSections, entityId: string, section: string): boolean {
  return state[entityId]?.includes(section) ?? false;
}

/** Opens a closed section or closes an open one, for one entity only. */
export function toggleExpandedSection(
  state: ExpandedSections,
  entityId: string,
  section: string,
): ExpandedSections {
  const open = state[entityId] ?? [];
  const next = open.includes(section) ? open.filter((name) => name !== section) : [...open, section];
  const { [entityId]: _removed, ...others } = state;
  return next.length ? { ...others, [entityId]: next } : others;
}
