/** Texts of the authentication services list: what activating, deactivating and deleting a service says. */
export const ACTIVE_BACKEND_HINT =
  "Users sign in with their own password through the active service; only one service can be active. Local users (such as admin) always sign in locally.";

export const activateQuestion = (title: string) =>
  `Activate "${title}"? Users of this directory can then sign in; the service active until now stops being used.`;

export const deactivateQuestion = (title: string) =>
  `Deactivate "${title}"? Users of this directory can then no longer sign in.`;

export const deleteQuestion = (title: string) =>
  `Delete the authentication service "${title}"? Users who signed in through it keep their accounts.`;

export const ACTIVE_CANNOT_BE_DELETED = "The active service cannot be deleted: deactivate it first.";
