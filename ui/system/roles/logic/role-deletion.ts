/**
 * What the delete dialog of the roles list says: a role users still hold cannot be deleted (the server refuses it
 * too), so the dialog says who holds it instead of asking.
 */
export interface RoleDeletion {
  allowed: boolean;
  text: string;
}

export function roleDeletion(name: string, memberUsernames: readonly string[]): RoleDeletion {
  if (memberUsernames.length === 0) return { allowed: true, text: `Do you really want to delete role "${name}"?` };
  const holders = memberUsernames.length === 1 ? "1 user" : `${memberUsernames.length} users`;
  return {
    allowed: false,
    text: `The role "${name}" is in use by ${holders} (${memberUsernames.join(", ")}) and cannot be deleted. Remove it from them first.`,
  };
}
