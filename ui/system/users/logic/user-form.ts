import { PASSWORD_MIN_LENGTH } from "../../../../api/schemas/user.ts";

/** The user create and edit forms: their values and the checks the form makes before the server's. */

export interface UserProfileValues {
  first_name: string;
  last_name: string;
  email: string;
}

export interface UserSettingsValues {
  timezone: string;
  /** Session timeout in minutes (the form's unit); the server takes milliseconds. */
  session_timeout_minutes: number;
}

export interface UserCreateValues extends UserProfileValues, UserSettingsValues {
  username: string;
  password: string;
  password_repeat: string;
  roles: string[];
}

export const EMPTY_USER_FORM: UserCreateValues = {
  username: "",
  first_name: "",
  last_name: "",
  email: "",
  password: "",
  password_repeat: "",
  roles: ["Reader"],
  timezone: "",
  session_timeout_minutes: 480,
};

const REQUIRED = "Field is required.";

export const validateRequired = (value: string) => (value.trim() === "" ? REQUIRED : null);

export function validateEmail(value: string): string | null {
  if (value.trim() === "") return REQUIRED;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "Please enter a valid e-mail address.";
}

export function validatePassword(value: string): string | null {
  if (value === "") return REQUIRED;
  return value.length < PASSWORD_MIN_LENGTH ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` : null;
}

export const validatePasswordRepeat = (value: string, password: string) => (value !== password ? "Passwords do not match." : null);

export function validateSessionTimeout(minutes: number): string | null {
  return Number.isFinite(minutes) && minutes >= 1 ? null : "Must be greater than 0.";
}

export const minutesToMs = (minutes: number) => Math.round(minutes * 60_000);
export const msToMinutes = (ms: number) => Math.round(ms / 60_000);

/** The full name the server derives from first and last name (shown beside the form). */
export const fullNameOf = ({ first_name, last_name }: UserProfileValues) => [first_name, last_name].map((p) => p.trim()).filter(Boolean).join(" ");

/** The POST /users body for the form's values. */
export function createBody(values: UserCreateValues) {
  return {
    username: values.username.trim(),
    password: values.password,
    email: values.email.trim(),
    first_name: values.first_name.trim() || null,
    last_name: values.last_name.trim() || null,
    roles: values.roles,
    permissions: [],
    service_account: false,
    timezone: values.timezone || null,
    session_timeout_ms: minutesToMs(values.session_timeout_minutes),
  };
}
