import { ENTERPRISE_DOCUMENTATION, LicenceNotice } from "./LicenceNotice.tsx";

/** /system/enterprise: the enterprise licence notice. */
export function EnterprisePage() {
  return (
    <LicenceNotice
      title="Enterprise"
      features="Enterprise adds archiving, audit logs, reports, correlation, parameterised searches and log views to the open core."
      documentation={ENTERPRISE_DOCUMENTATION}
    />
  );
}
