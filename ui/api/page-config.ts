/**
 * Configuration the server writes into every page (`window.__SLUICE_CONFIG__`): where the app is mounted
 * and which features are on. Read once; never touches `window` at module scope (SSR).
 */
export interface PageConfig {
  /** Application path prefix without trailing slash ("" when mounted at the root). */
  prefix: string;
  productName: string;
  version: string;
  /** Cloud variant: hides some content (spec 000 §1). */
  cloud: boolean;
  devMode: boolean;
  featureFlags: Record<string, boolean>;
}

export const DEFAULT_PAGE_CONFIG: PageConfig = {
  prefix: "",
  productName: "Sluice",
  version: "5.1.10",
  cloud: false,
  devMode: false,
  featureFlags: { search_filter: true, cloud_inputs: false },
};

let serverConfig: PageConfig | null = null;

/** Called by the SSR entry for the request being rendered. */
export function setServerPageConfig(config: PageConfig): void {
  serverConfig = config;
}

export function pageConfig(): PageConfig {
  if (typeof window !== "undefined") {
    return (window as unknown as { __SLUICE_CONFIG__?: PageConfig }).__SLUICE_CONFIG__ ?? DEFAULT_PAGE_CONFIG;
  }
  return serverConfig ?? DEFAULT_PAGE_CONFIG;
}

export function apiUrl(path: string): string {
  return `${pageConfig().prefix}/api${path}`;
}
