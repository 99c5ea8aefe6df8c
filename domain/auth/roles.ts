export const authRoles = { vendor: "vendor", staff: "staff", admin: "admin" } as const;

export type AuthRole = (typeof authRoles)[keyof typeof authRoles];

export const staffRoles: readonly AuthRole[] = [authRoles.staff, authRoles.admin];

export function isStaffRole(role: string | null | undefined): boolean {
  return staffRoles.includes(role as AuthRole);
}

/** Where a signed-in user lands: vendors in the portal, staff in the back office. */
export function homePathForRole(role: string | null | undefined): string {
  return isStaffRole(role) ? "/back-office" : "/portal";
}
