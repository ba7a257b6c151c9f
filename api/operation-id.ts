/**
 * The `operationId` of an API operation, from its method and path: `GET /users/{username}/preferences` →
 * `getUsersByUsernamePreferences`. Unique because method and path are; stable as long as the path is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path.split("/").filter(Boolean).map((segment) => {
    const parameter = /^\{(\w+)\}$/.exec(segment);
    return parameter ? `By${capitalise(parameter[1])}` : segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capitalise).join("");
  });
  return method.toLowerCase() + (words.length > 0 ? words.join("") : "Root");
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
