import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ContentPack, ValueReference } from "../../../api/schemas/content-packs.ts";
import { errorToastText } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { installContentPack, invalidateContentPacks } from "./content-pack-queries.ts";
import { installedText } from "./logic/content-pack-texts.ts";

interface Props {
  pack: ContentPack | null;
  onClose: () => void;
}

/** Installs a revision: a value for each parameter (its default filled in) and a comment. */
export function InstallContentPackModal({ pack, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  if (!pack) return null;
  const valueOf = (name: string) => values[name] ?? String(pack.parameters.find((p) => p.name === name)?.default_value?.["@value"] ?? "");

  const install = async () => {
    setSubmitting(true);
    setError(null);
    try {
      const parameters: Record<string, ValueReference> = Object.fromEntries(
        pack.parameters.map((parameter) => [parameter.name, { "@type": parameter.type, "@value": valueOf(parameter.name) }]),
      );
      await installContentPack(pack.id, pack.rev, { parameters, comment });
      await invalidateContentPacks(queryClient);
      toastSuccess(installedText(pack.name));
      setValues({});
      setComment("");
      onClose();
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Install Content Pack ${pack.name}`} centered>
      <Stack gap="sm">
        <Text size="sm">{pack.summary}</Text>
        {pack.parameters.map((parameter) => (
          <TextInput
            key={parameter.name}
            label={parameter.title}
            description={`${parameter.name} (${parameter.type})`}
            value={valueOf(parameter.name)}
            onChange={(event) => setValues({ ...values, [parameter.name]: event.currentTarget.value })}
          />
        ))}
        <Textarea label="Comment" value={comment} onChange={(event) => setComment(event.currentTarget.value)} />
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={install} loading={submitting}>Install</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
