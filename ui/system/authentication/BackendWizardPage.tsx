import { Alert, Button, Group, Paper, Stack, Stepper } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { AuthServiceBackend, GroupSyncConfig } from "../../../api/schemas/authentication.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { NotFoundPage } from "../../errors/NotFoundPage.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { AuthenticationNavigation } from "./AuthenticationNavigation.tsx";
import {
  backendQueryOptions,
  createBackend,
  deleteGroupSync,
  groupSyncQueryOptions,
  invalidateAuthentication,
  roleOptionsQueryOptions,
  saveGroupSync,
  updateBackend,
} from "./authentication-queries.ts";
import { GroupSyncStep } from "./GroupSyncStep.tsx";
import {
  backendBody,
  type BackendFormValues,
  groupSyncBody,
  newBackendValues,
  stepErrors,
  storedBackendValues,
} from "./logic/backend-form.ts";
import { backendTypeTitle, isBackendType } from "./logic/backend-types.ts";
import {
  initialStep,
  stepIndex,
  WIZARD_STEP_KEYS,
  WIZARD_STEP_TITLES,
  type WizardStepKey,
} from "./logic/wizard-steps.ts";
import { ServerConfigStep } from "./ServerConfigStep.tsx";
import { UserSyncStep } from "./UserSyncStep.tsx";

/** /system/authentication/services/create/{type}: the wizard for a new LDAP or Active Directory service. */
export function BackendCreateWizardPage() {
  const { backendType } = useParams();
  if (!isBackendType(backendType)) return <NotFoundPage />;
  return <BackendWizard key={backendType} stored={null} initial={newBackendValues(backendType)} />;
}

/** /system/authentication/services/edit/{id}?initialStepKey=…: the wizard on a stored service, opened on the step named. */
export function BackendEditWizardPage() {
  const { backendId = "" } = useParams();
  const backend = useQuery(backendQueryOptions(backendId));
  const groupSync = useQuery(groupSyncQueryOptions(backendId));
  if (backend.isError) return <NotFoundPage />;
  if (!backend.data || groupSync.isPending) return <LoadingPage text="Loading authentication service…" />;
  const sync = groupSync.data?.backend.config ?? null;
  return (
    <BackendWizard
      key={backendId}
      stored={{ backend: backend.data.backend, groupSync: sync }}
      initial={storedBackendValues(backend.data.backend, sync)}
    />
  );
}

interface WizardProps {
  stored: { backend: AuthServiceBackend; groupSync: GroupSyncConfig | null } | null;
  initial: BackendFormValues;
}

function BackendWizard({ stored, initial }: WizardProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<WizardStepKey>(initialStep(searchParams.get("initialStepKey")));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const roles = useQuery(roleOptionsQueryOptions());
  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));
  const form = useForm<BackendFormValues>({ initialValues: initial });
  const backendId = stored?.backend.id ?? null;
  const typeTitle = backendTypeTitle(initial.type);
  const title = stored ? `Edit ${typeTitle} service ${stored.backend.title}` : `Create ${typeTitle} service`;
  const last = step === WIZARD_STEP_KEYS[WIZARD_STEP_KEYS.length - 1];

  /** Shows the step's missing fields; true when it may be left. */
  const checkStep = (key: WizardStepKey): boolean => {
    const errors = stepErrors(key, form.values);
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const goTo = (target: WizardStepKey) => {
    // Going back never needs the current step to be complete; going forward does, step by step.
    for (const key of WIZARD_STEP_KEYS.slice(0, stepIndex(target))) {
      if (stepIndex(key) >= stepIndex(step) && !checkStep(key)) {
        setStep(key);
        return;
      }
    }
    setStep(target);
  };

  const save = async () => {
    const incomplete = WIZARD_STEP_KEYS.find((key) => Object.keys(stepErrors(key, form.values)).length > 0);
    if (incomplete) {
      setStep(incomplete);
      checkStep(incomplete);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = backendBody(form.values);
      const saved =
        (stored ? await updateBackend(stored.backend.id, body) : await createBackend(body)).backend;
      const sync = groupSyncBody(form.values);
      if (sync) await saveGroupSync(saved.id, sync);
      else if (stored?.groupSync) await deleteGroupSync(saved.id);
      void invalidateAuthentication(queryClient);
      toastSuccess(`Authentication service "${saved.title}" was ${stored ? "updated" : "created"}.`);
      navigate(paths.authenticationService.href({ backendId: saved.id }));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const next = WIZARD_STEP_KEYS[stepIndex(step) + 1];
  return (
    <PageLayout
      title={title}
      description="Configure how users are found in the directory; test the connection and a sign-in before you save."
      topActions={<AuthenticationNavigation />}
      actions={
        <Button variant="default" component={Link} to={paths.authenticationServices.href()}>
          Authentication services
        </Button>
      }
    >
      <Paper withBorder p="md" maw={900}>
        <form aria-label={title} noValidate onSubmit={(event) => event.preventDefault()}>
          <Stepper
            active={stepIndex(step)}
            onStepClick={(index) => goTo(WIZARD_STEP_KEYS[index]!)}
            size="sm"
            allowNextStepsSelect
          >
            {WIZARD_STEP_KEYS.map((key) => (
              <Stepper.Step key={key} label={WIZARD_STEP_TITLES[key]}>
                {key === step && (
                  <Stack gap="md" mt="md">
                    {key === "serverConfig" && <ServerConfigStep form={form} backendId={backendId} />}
                    {key === "userSync" && (
                      <UserSyncStep form={form} backendId={backendId} roles={roleOptions} />
                    )}
                    {key === "groupSync" && <GroupSyncStep form={form} roles={roleOptions} />}
                  </Stack>
                )}
              </Stepper.Step>
            ))}
          </Stepper>
          <Stack mt="lg" gap="sm">
            {error && <Alert color="red" title="The service was not saved">{error}</Alert>}
            <Group justify="space-between">
              <Button
                variant="default"
                component={Link}
                to={stored
                  ? paths.authenticationService.href({ backendId: stored.backend.id })
                  : paths.authenticationServices.href()}
              >
                Cancel
              </Button>
              <Group gap="xs">
                {stepIndex(step) > 0 && (
                  <Button
                    variant="default"
                    onClick={() => setStep(WIZARD_STEP_KEYS[stepIndex(step) - 1]!)}
                  >
                    Previous
                  </Button>
                )}
                {next && (
                  <Button variant={stored ? "default" : "filled"} onClick={() => goTo(next)}>
                    Next: {WIZARD_STEP_TITLES[next]}
                  </Button>
                )}
                {(last || stored) && (
                  <Button onClick={() => void save()} loading={saving}>
                    {stored ? "Update service" : "Finish & save service"}
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageLayout>
  );
}
