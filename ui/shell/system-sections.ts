import { paths } from "../../shared/paths.ts";
import type { PageConfig } from "../api/page-config.ts";

/** One entry of the System dropdown; its permissions also gate every page under its path prefixes. */
export interface SystemSection {
  title: string;
  href: string;
  /** Path prefixes that belong to this section (for the dropdown title and page gating). */
  prefixes: string[];
  permissions: string[];
  anyPermissions?: boolean;
  /** Hidden when this returns false for the page config (cloud mode, feature flags). */
  visible?: (config: PageConfig) => boolean;
}

/** The System dropdown of spec 000 §2.3 and the menu permissions of §6, in menu order. */
export const SYSTEM_SECTIONS: readonly SystemSection[] = [
  { title: "Overview", href: paths.systemOverview.href(), prefixes: ["/system/overview"], permissions: [] },
  { title: "Configurations", href: paths.systemConfigurations.href(), prefixes: ["/system/configurations"], permissions: ["clusterconfigentry:read"] },
  { title: "Nodes", href: paths.nodes.href(), prefixes: ["/system/nodes", "/system/metrics", "/system/threaddump", "/system/processbufferdump"], permissions: [] },
  {
    title: "Inputs",
    href: paths.inputs.href(),
    prefixes: ["/system/inputs"],
    permissions: ["inputs:read"],
    visible: (config) => !config.cloud || config.featureFlags.cloud_inputs === true,
  },
  { title: "Outputs", href: paths.systemOutputs.href(), prefixes: ["/system/outputs"], permissions: ["outputs:read"] },
  { title: "Indices", href: paths.indices.href(), prefixes: ["/system/indices", "/system/index_sets"], permissions: ["indices:read"] },
  { title: "Logging", href: paths.systemLogging.href(), prefixes: ["/system/logging"], permissions: ["loggers:read"] },
  { title: "Users and Teams", href: paths.users.href(), prefixes: ["/system/users", "/system/teams"], permissions: ["users:list", "teams:list"], anyPermissions: true },
  { title: "Roles", href: paths.roles.href(), prefixes: ["/system/roles"], permissions: ["roles:read"], anyPermissions: true },
  { title: "Authentication", href: paths.authenticationServices.href(), prefixes: ["/system/authentication"], permissions: ["authentication:edit"], anyPermissions: true },
  { title: "Content Packs", href: paths.contentPacks.href(), prefixes: ["/system/contentpacks"], permissions: ["contentpack:read"] },
  { title: "Grok Patterns", href: paths.systemGrokPatterns.href(), prefixes: ["/system/grokpatterns"], permissions: ["grok_pattern:read"] },
  { title: "Lookup Tables", href: paths.lookupTables.href(), prefixes: ["/system/lookuptables"], permissions: ["lookuptables:read"] },
  { title: "Pipelines", href: paths.pipelines.href(), prefixes: ["/system/pipelines"], permissions: ["pipeline:read", "pipeline_connection:read"], anyPermissions: true },
  { title: "Sidecars", href: paths.sidecars.href(), prefixes: ["/system/sidecars"], permissions: ["sidecars:read"] },
  { title: "Enterprise", href: paths.systemEnterprise.href(), prefixes: ["/system/enterprise"], permissions: ["licenseinfos:read"] },
  { title: "Security", href: paths.security.href(), prefixes: ["/security"], permissions: ["licenseinfos:read"] },
];

/** The section a path belongs to (longest matching prefix), if any. */
export function systemSectionOf(pathname: string): SystemSection | undefined {
  let best: SystemSection | undefined;
  let bestLength = 0;
  for (const section of SYSTEM_SECTIONS) {
    for (const prefix of section.prefixes) {
      const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (matches && prefix.length > bestLength) {
        best = section;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** 'System / {section}' for a path inside a section, plain 'System' elsewhere. */
export function systemMenuTitle(pathname: string): string {
  const section = systemSectionOf(pathname);
  return section && pathname.startsWith("/system") ? `System / ${section.title}` : "System";
}
