import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { FetchError } from "../api/fetch-error.ts";
import { pageConfig } from "../api/page-config.ts";
import { useLogin } from "../session/use-session-actions.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

/** The login screen in the welcome layout (spec 000 §2.1, §2.5); loaded on demand as its own chunk. */
export function LoginPage() {
  const login = useLogin();
  // Kept so the form's reset after a failed attempt leaves the username in place (the password is cleared).
  const [lastUsername, setLastUsername] = useState("");
  const { productName } = pageConfig();
  useDocumentTitle("Sign in");
  // A form action, not onSubmit: React's server HTML then holds a sign-in submitted before the scripts have
  // hydrated the page (a slow phone) and replays it afterwards with what was typed, instead of the browser
  // sending the form itself (a GET that put the password in the address and did not sign in). The inputs are
  // uncontrolled for the same reason: what was typed before hydration is what is sent.
  const signIn = async (form: FormData) => {
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    setLastUsername(username);
    if (username === "" || password === "") return; // the required fields make the browser ask first
    await login.mutateAsync({ username, password }).catch(() => {
      // Shown from login.error below.
    });
  };
  const error = login.error;
  return (
    <Center
      mih="100vh"
      p="md"
      style={{ background: "linear-gradient(160deg, var(--mantine-color-sluice-light), transparent 60%)" }}
    >
      <Paper withBorder shadow="lg" p="xl" w={400} component="main">
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={1} size="h2">Welcome to {productName}</Title>
            <Text c="dimmed">Data. Insights. Answers.</Text>
          </Stack>
          <form action={signIn} aria-label="Sign in" noValidate={false}>
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
                defaultValue={lastUsername}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
              />
              <Button type="submit" loading={login.isPending} fullWidth>Sign in</Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
