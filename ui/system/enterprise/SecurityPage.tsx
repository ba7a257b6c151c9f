import { LicenceNotice, SECURITY_DOCUMENTATION } from "./LicenceNotice.tsx";

/** /security: the security licence notice. */
export function SecurityPage() {
  return (
    <LicenceNotice
      title="Security"
      features="Security adds threat detection content, anomaly detection, investigations and a security overview on top of your logs."
      documentation={SECURITY_DOCUMENTATION}
    />
  );
}
