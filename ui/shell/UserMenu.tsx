import { ActionIcon, Loader, Menu, Switch } from "@mantine/core";
import { IconLogout, IconUser, IconUserCircle } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../shared/paths.ts";
import { toastError } from "../common/toast.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { useLogout } from "../session/use-session-actions.ts";
import { useThemeMode } from "../theme/use-theme-mode.ts";

/** Full name, the dark/light switch, the profile link and 'Log out' (spec 000 §2.3). */
export function UserMenu() {
  const user = useCurrentUser();
  const { mode, changeMode, changing } = useThemeMode();
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.root.href()),
      onError: (error) => toastError(error, "Logging out failed"),
    });
  return (
    <Menu position="bottom-end" shadow="md" width={240} closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="User menu" title={user.full_name} data-testid="user-menu">
          <IconUserCircle size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.full_name}</Menu.Label>
        <Menu.Item
          component="div"
          rightSection={changing ? <Loader size={14} data-testid="theme-spinner" /> : null}
          onClick={() => changeMode(mode === "noir" ? "teint" : "noir")}
        >
          <Switch
            label="Dark mode"
            checked={mode === "noir"}
            onChange={(event) => changeMode(event.currentTarget.checked ? "noir" : "teint")}
            onClick={(event) => event.stopPropagation()}
            aria-label="Dark mode"
            data-testid="theme-switch"
          />
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={user.read_only ? paths.user.href({ userId: user.id }) : paths.userEdit.href({ userId: user.id })}
          leftSection={<IconUser size={16} />}
        >
          {user.read_only ? "Show profile" : "Edit profile"}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={logout.isPending}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
