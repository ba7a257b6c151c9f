/** The names of the `:params` of a route pattern, as a type. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}` ? Name
  : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export interface AppPath<P extends string> {
  /** The react-router pattern, e.g. `/system/users/edit/:id`. */
  readonly pattern: P;
  /** The concrete path (without the application prefix) for the given parameters. */
  href(...params: ParamNames<P> extends never ? [] : [PathParams<P>]): string;
}

export function definePath<P extends string>(pattern: P): AppPath<P> {
  return {
    pattern,
    href: (...args: unknown[]) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
    },
  };
}
