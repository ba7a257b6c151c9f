import { Alert, Button, Group, Modal, Select, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import type { EventNotification, EventNotificationBody } from "../../api/schemas/event-notifications.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { testNotification } from "./alert-queries.ts";
import { NOTIFICATION_TYPE_LABELS, notificationBody, notificationFormValues, type NotificationFormValues } from "./logic/notification-form.ts";

interface Props {
  opened: boolean;
  notification: EventNotification | null;
  onClose(): void;
  /** Saves; a rejection's message is shown in the form. */
  onSave(body: EventNotificationBody): Promise<void>;
}

/** Create or edit a notification of any type, with 'Execute Test Notification' before saving. */
export function NotificationFormModal({ opened, notification, onClose, onSave }: Props) {
  const form = useForm<NotificationFormValues>({
    initialValues: notificationFormValues(notification),
    validate: { title: (value) => (value.trim() === "" ? "Field is required." : null) },
  });
  const [error, setError] = useState<string | null>(null);
  const [testOutcome, setTestOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    form.setValues(notificationFormValues(notification));
    setError(null);
    setTestOutcome(null);
    // Reset only when another notification is opened.
    // deno-lint-ignore react-hooks/exhaustive-deps
  }, [notification?.id, opened]);
  const { type } = form.values;

  const runTest = async () => {
    setBusy(true);
    try {
      await testNotification(notificationBody(form.values));
      setTestOutcome({ ok: true, text: "Notification was executed successfully." });
    } catch (failure) {
      setTestOutcome({ ok: false, text: `Notification has failed: ${failureMessage(failure)}` });
    } finally {
      setBusy(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await onSave(notificationBody(values));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={notification ? `Edit Notification "${notification.title}"` : "New notification"} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Title" required {...form.getInputProps("title")} />
          <Textarea label="Description" {...form.getInputProps("description")} />
          <Select
            label="Notification Type"
            data={Object.entries(NOTIFICATION_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            {...form.getInputProps("type")}
          />
          {type === "http-notification-v1" && <TextInput label="URL" required placeholder="https://example.com/hook" {...form.getInputProps("url")} />}
          {type === "slack-notification-v1" && (
            <>
              <TextInput label="Webhook URL" required {...form.getInputProps("url")} />
              <TextInput label="Channel" placeholder="#channel" {...form.getInputProps("channel")} />
              <Textarea label="Custom Message (optional)" autosize minRows={3} {...form.getInputProps("customMessage")} />
            </>
          )}
          {type === "email-notification-v1" && (
            <>
              <TextInput label="Subject" required {...form.getInputProps("subject")} />
              <TextInput label="Sender" placeholder="graylog@example.com" {...form.getInputProps("sender")} />
              <TagsInput label="Email Recipients" placeholder="Add an address and press Enter" {...form.getInputProps("recipients")} />
              <Textarea label="Body Template" autosize minRows={6} maxRows={14} styles={{ input: { fontFamily: "monospace" } }} {...form.getInputProps("body")} />
            </>
          )}
          {testOutcome && <Alert color={testOutcome.ok ? "green" : "red"}>{testOutcome.text}</Alert>}
          {error && <Alert color="red" title="Could not save the notification">{error}</Alert>}
          <Group justify="space-between">
            <Button variant="default" loading={busy} onClick={() => void runTest()}>Execute Test Notification</Button>
            <Group>
              <Button variant="default" onClick={onClose}>Cancel</Button>
              <Button type="submit" loading={busy}>{notification ? "Update" : "Create"}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
