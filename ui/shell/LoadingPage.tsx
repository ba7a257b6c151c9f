import { Center, Loader, Stack, Text } from "@mantine/core";

interface Props {
  text: string;
}

/** A full-page loader with a message, e.g. 'We are preparing Sluice for you...'. */
export function LoadingPage({ text }: Props) {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="md">
        <Loader />
        <Text c="dimmed" data-testid="loading-text">{text}</Text>
      </Stack>
    </Center>
  );
}
