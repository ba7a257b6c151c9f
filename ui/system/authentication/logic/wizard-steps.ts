/**
 * The steps of the authentication service wizard, in order, by the keys the edit page's `initialStepKey` query names
 * (spec 002 §2): the server, the user synchronisation, the group synchronisation.
 */
export const WIZARD_STEP_KEYS = ["serverConfig", "userSync", "groupSync"] as const;
export type WizardStepKey = (typeof WIZARD_STEP_KEYS)[number];

export const WIZARD_STEP_TITLES: Record<WizardStepKey, string> = {
  serverConfig: "Server Configuration",
  userSync: "User Synchronization",
  groupSync: "Group Synchronization",
};

/** The step a wizard opens on: the one the URL names, else the first. */
export function initialStep(initialStepKey: string | null): WizardStepKey {
  return WIZARD_STEP_KEYS.find((key) => key === initialStepKey) ?? "serverConfig";
}

export function stepIndex(key: WizardStepKey): number {
  return WIZARD_STEP_KEYS.indexOf(key);
}
