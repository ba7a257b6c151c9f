import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FetchError } from "../api/fetch-error.ts";
import { pageConfig } from "../api/page-config.ts";
import { useLogin } from "../session/use-session-actions.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

/** The login screen in the welcome layout (spec 000 §2.1, §2.5); loaded on demand as its own chunk. */
export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { productName } = pageConfig();
  useDocumentTitle("Sign in");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.checkValidity()) return;
    login.mutate({ username, password });
  };
  const error = login.error;
  return (
    <Center mih="100vh" p="md" style={{ background: "linear-gradient(160deg, var(--mantine-color-sluice-light), transparent 60%)" }}>
      <Paper withBorder shadow="lg" p="xl" w={400} component="main">
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={1} size="h2">Welcome to {productName}</Title>
            <Text c="dimmed">Data. Insights. Answers.</Text>
          </Stack>
          <form onSubmit={onSubmit} aria-label="Sign in" noValidate={false}>
            <Stack>
              {error && (
                <Alert color="red" title="Sign in failed" data-testid="login-error">
                  {error instanceof FetchError && error.status === 401
                    ? "Invalid credentials: check the username and password and try again."
                    : error.message}
                </Alert>
              )}
              <TextInput
                label="Username"
                name="username"
                autoComplete="username"
                required
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" loading={login.isPending} fullWidth>Sign in</Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
