import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import type { BackendTestResult } from "../../../api/schemas/authentication.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import type { BackendForm } from "./backend-form-context.ts";
import { BackendTestResultAlert } from "./BackendTestResultAlert.tsx";
import { testConnection } from "./authentication-queries.ts";
import { testRequest, TRANSPORT_SECURITY_OPTIONS } from "./logic/backend-form.ts";

interface Props {
  form: BackendForm;
  backendId: string | null;
}

/** Step 1: the service's name, the directory server, its transport security and the system user the searches bind as. */
export function ServerConfigStep({ form, backendId }: Props) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<BackendTestResult | null>(null);
  const { values } = form;

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await testConnection(testRequest(values, backendId)));
    } catch (error) {
      setResult({
        success: false,
        message: "The connection test could not be run",
        errors: [failureMessage(error)],
        result: {},
      });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        required
        description="The name the service is listed under."
        {...form.getInputProps("title")}
      />
      <Textarea label="Description" autosize minRows={1} {...form.getInputProps("description")} />
      <Group align="flex-start" grow>
        <TextInput
          label="Server address"
          required
          description="Host name or IP address of the directory server."
          {...form.getInputProps("host")}
        />
        <NumberInput
          label="Port"
          required
          min={1}
          max={65535}
          allowDecimal={false}
          maw={160}
          {...form.getInputProps("port")}
        />
      </Group>
      {values.otherServers.length > 0 && (
        <Text size="sm" c="dimmed">
          Further servers, kept as they are:{" "}
          {values.otherServers.map((server) => `${server.host}:${server.port}`).join(", ")}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="transport-security-label">Transport security</Text>
        <SegmentedControl
          aria-labelledby="transport-security-label"
          data={TRANSPORT_SECURITY_OPTIONS.map((option) => ({ ...option }))}
          w="fit-content"
          {...form.getInputProps("transportSecurity")}
        />
      </Stack>
      <Checkbox
        label="Verify certificates"
        description="Refuse a server whose TLS certificate is not trusted."
        disabled={values.transportSecurity === "none"}
        {...form.getInputProps("verifyCertificates", { type: "checkbox" })}
      />
      <TextInput
        label="System user DN"
        description="The account the service searches the directory with; empty for an anonymous search."
        placeholder="cn=graylog,ou=services,dc=example,dc=org"
        {...form.getInputProps("systemUserDn")}
      />
      <PasswordInput
        label="System password"
        description={values.passwordIsSet && !values.resetPassword
          ? "A password is stored; type a new one to replace it."
          : undefined}
        placeholder={values.passwordIsSet && !values.resetPassword ? "••••••••" : undefined}
        autoComplete="new-password"
        {...form.getInputProps("systemUserPassword")}
      />
      {values.passwordIsSet && (
        <Checkbox
          label="Remove the stored password"
          {...form.getInputProps("resetPassword", { type: "checkbox" })}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => void test()} loading={testing}>
          Test server connection
        </Button>
      </Group>
      {result && <BackendTestResultAlert result={result} label="Connection test" />}
    </Stack>
  );
}
