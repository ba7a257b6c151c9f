import type { ComponentType } from "react";
import { DecoratorsConfiguration } from "../../decorators/DecoratorsConfiguration.tsx";
import { CustomizationConfigSection } from "./CustomizationConfigSection.tsx";
import { IndexSetDefaultsConfigSection } from "./IndexSetDefaultsConfigSection.tsx";
import { MessageProcessorsConfigSection } from "./MessageProcessorsConfigSection.tsx";
import { SearchesConfigSection } from "./SearchesConfigSection.tsx";
import { SharingConfigSection } from "./SharingConfigSection.tsx";
import { ThreatIntelConfigSection } from "./ThreatIntelConfigSection.tsx";
import { UrlWhitelistConfigSection } from "./UrlWhitelistConfigSection.tsx";
import { UserConfigSection } from "./UserConfigSection.tsx";

/** One section of System → Configurations; shown to users holding `permission`. */
export interface ConfigurationSectionDefinition {
  /** Stable id (the section's anchor). */
  id: string;
  permission: string;
  component: ComponentType;
}

/**
 * The sections of System → Configurations, in page order. A feature adds its section as one file and one line
 * here (e.g. the threat intelligence lookups).
 */
export const CONFIGURATION_SECTIONS: readonly ConfigurationSectionDefinition[] = [
  { id: "search", permission: "clusterconfigentry:read", component: SearchesConfigSection },
  { id: "message-processors", permission: "clusterconfigentry:read", component: MessageProcessorsConfigSection },
  { id: "sharing", permission: "clusterconfigentry:read", component: SharingConfigSection },
  { id: "user", permission: "clusterconfigentry:read", component: UserConfigSection },
  { id: "url-whitelist", permission: "urlwhitelist:read", component: UrlWhitelistConfigSection },
  { id: "index-set-defaults", permission: "clusterconfigentry:read", component: IndexSetDefaultsConfigSection },
  { id: "decorators", permission: "clusterconfigentry:read", component: DecoratorsConfiguration },
  { id: "threat-intel", permission: "clusterconfigentry:read", component: ThreatIntelConfigSection },
  { id: "customization", permission: "clusterconfigentry:read", component: CustomizationConfigSection },
];
