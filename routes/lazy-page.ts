import { type ComponentType, createElement, lazy, type ReactElement } from "react";

/** A page component loaded on demand, which can also be loaded ahead of its first render. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the page's module; once it has, the page renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * A page loaded on demand (React.lazy) that the client entry can load before hydrating the server-rendered page
 * that shows it. A plain lazy page always suspends on its first render, even when its chunk is already loaded:
 * its server-rendered markup then waits for a later, separate hydration pass, which React runs without yielding
 * (a long task on a slow phone). Preloaded, the page hydrates with the rest, in one pass that yields.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () => load().then((component) => void (loaded = component));
  const OnDemand = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = (props: P) => createElement(loaded ?? OnDemand, props);
  return Object.assign(Page, { preload });
}
