import {
  Button,
  Divider,
  Group,
  MultiSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import type { BackendTestResult } from "../../../api/schemas/authentication.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { MONOSPACE_INPUT } from "./monospace-input.ts";
import type { BackendForm, RoleOption } from "./backend-form-context.ts";
import { BackendTestResultAlert } from "./BackendTestResultAlert.tsx";
import { testLogin } from "./authentication-queries.ts";
import { stepErrors, testRequest } from "./logic/backend-form.ts";

interface Props {
  form: BackendForm;
  backendId: string | null;
  roles: RoleOption[];
}

/** Step 2: where users are found, which attributes name them, the roles they get; 'Test login' tries a user's sign-in. */
export function UserSyncStep({ form, backendId, roles }: Props) {
  const [login, setLogin] = useState({ username: "", password: "" });
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<BackendTestResult | null>(null);
  const { values } = form;

  const test = async () => {
    // A login needs the user search: its missing fields are named instead of asking the directory.
    const errors = stepErrors("userSync", values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setTesting(true);
    setResult(null);
    try {
      setResult(await testLogin(testRequest(values, backendId, login)));
    } catch (error) {
      setResult({
        success: false,
        message: "The login test could not be run",
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
        label="Search base DN"
        required
        placeholder="ou=people,dc=example,dc=org"
        description="Where in the directory users are searched."
        {...form.getInputProps("userSearchBase")}
      />
      <TextInput
        label="Search pattern"
        required
        description="The LDAP filter that finds a user; {0} stands for the name typed on the sign-in page."
        styles={MONOSPACE_INPUT}
        {...form.getInputProps("userSearchPattern")}
      />
      <TextInput
        label="Name attribute"
        required
        description="The attribute that becomes the username."
        {...form.getInputProps("userNameAttribute")}
      />
      <TextInput label="Full name attribute" required {...form.getInputProps("userFullNameAttribute")} />
      {values.type === "ldap" && (
        <>
          <TextInput
            label="ID attribute"
            required
            description="A unique, unchanging attribute of each user, e.g. entryUUID."
            {...form.getInputProps("userUniqueIdAttribute")}
          />
          <TextInput
            label="Email attributes"
            description="Attributes holding the user's email address, separated by commas."
            {...form.getInputProps("emailAttributes")}
          />
        </>
      )}
      <MultiSelect
        label="Default roles"
        description="The roles every user signing in through this service gets."
        data={roles}
        searchable
        clearable
        {...form.getInputProps("defaultRoles")}
      />
      <Divider my="xs" />
      <Title order={3} size="h5">Test login</Title>
      <Text size="sm" c="dimmed">
        Signs a user in against the directory with the settings above, without creating the user.
      </Text>
      <Group align="flex-end" grow>
        <TextInput
          label="Login username"
          autoComplete="off"
          value={login.username}
          onChange={(event) => setLogin({ ...login, username: event.currentTarget.value })}
        />
        <PasswordInput
          label="Login password"
          autoComplete="new-password"
          value={login.password}
          onChange={(event) => setLogin({ ...login, password: event.currentTarget.value })}
        />
      </Group>
      <Group>
        <Button
          variant="default"
          onClick={() => void test()}
          loading={testing}
          disabled={login.username.trim() === ""}
        >
          Test login
        </Button>
      </Group>
      {result && <BackendTestResultAlert result={result} label="Login test" />}
    </Stack>
  );
}
