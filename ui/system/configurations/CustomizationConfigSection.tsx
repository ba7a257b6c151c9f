import { Badge, ColorInput, Switch, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CUSTOMIZATION_CONFIG_CLASS, CUSTOMIZATION_DEFAULTS, type CustomizationConfig } from "../../../shared/customization-config.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError } from "../../common/toast.ts";
import { useMounted } from "../../common/use-mounted.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { ConfigurationSection } from "./ConfigurationSection.tsx";
import { ConfigurationSummary } from "./ConfigurationSummary.tsx";
import { clusterConfigQueryOptions, saveClusterConfig } from "./configuration-queries.ts";
import { badgeTextProblem, CUSTOMIZATION_TEXTS, customizationFailure, isBadgeColor } from "./logic/customization.ts";

/**
 * The UI customization (Graylog's `org.graylog2.configuration.Customization`): a header badge with its text and
 * background, shown in the top navigation while enabled.
 */
export function CustomizationConfigSection() {
  const config = useQuery(clusterConfigQueryOptions(CUSTOMIZATION_CONFIG_CLASS));
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted("clusterconfigentry:edit");
  const [draft, setDraft] = useState<CustomizationConfig>(CUSTOMIZATION_DEFAULTS);
  const textProblem = badgeTextProblem(draft);
  const colorProblem = isBadgeColor(draft.badge_color) ? null : "Must be a hex colour such as #1971c2";
  // The navigation's header badge asks for the same document; its answer may reach the browser with the page while
  // the server drew this summary without it, so the summary shows it from the first effect on (no hydration mismatch).
  const mounted = useMounted();
  const stored = mounted ? config.data : undefined;
  return (
    <ConfigurationSection
      title={CUSTOMIZATION_TEXTS.title}
      summary={
        <ConfigurationSummary
          rows={[
            ["Badge Enabled", stored ? (stored.badge_enable ? "True" : "False") : "—"],
            [
              "Badge",
              stored?.badge_text
                ? <Badge styles={{ root: { backgroundColor: stored.badge_color } }} data-testid="customization-badge-preview">{stored.badge_text}</Badge>
                : <Text size="sm">{CUSTOMIZATION_TEXTS.noBadge}</Text>,
            ],
          ]}
        />
      }
      onEdit={() => setDraft(stored ?? CUSTOMIZATION_DEFAULTS)}
      form={mayEdit && (
        <>
          <Switch
            label={CUSTOMIZATION_TEXTS.enableLabel}
            description={CUSTOMIZATION_TEXTS.enableHelp}
            checked={draft.badge_enable}
            onChange={(event) => setDraft({ ...draft, badge_enable: event.currentTarget.checked })}
          />
          <TextInput
            label={CUSTOMIZATION_TEXTS.textLabel}
            description={CUSTOMIZATION_TEXTS.textHelp}
            value={draft.badge_text ?? ""}
            error={textProblem ?? undefined}
            onChange={(event) => setDraft({ ...draft, badge_text: event.currentTarget.value })}
          />
          <ColorInput
            label={CUSTOMIZATION_TEXTS.colorLabel}
            format="hex"
            value={draft.badge_color}
            error={colorProblem ?? undefined}
            onChange={(badge_color) => setDraft({ ...draft, badge_color })}
          />
        </>
      )}
      onSave={async () => {
        if (textProblem || colorProblem) return false;
        try {
          await saveClusterConfig(queryClient, CUSTOMIZATION_CONFIG_CLASS, draft);
          return true;
        } catch (error) {
          toastError(customizationFailure(failureMessage(error)), CUSTOMIZATION_TEXTS.failureTitle);
          return false;
        }
      }}
    />
  );
}
