// The team namespace (issue 11): staff accounts in the staff console.
export const team = {
  nav: 'Staff accounts',
  title: 'Staff accounts',
  superadminOnly: 'Only superadmins can manage staff accounts.',
  loading: 'Loading staff accounts…',
  loadFailed: 'Staff accounts could not be loaded.',
  empty: 'No staff accounts yet.',
  invite: {
    title: 'Invite a staff member',
    submit: 'Send invitation',
    sent: 'Invitation sent to {{email}}',
  },
  field: {
    email: 'E-mail',
    name: 'Name',
    role: 'Role',
    language: 'Language of the invitation',
  },
  role: {
    support: 'Support',
    superadmin: 'Superadmin',
  },
  roleChanged: '{{name}} is now {{role}}',
  you: '(you)',
  roleFor: 'Role of {{name}}',
  status: {
    active: 'Active',
    invited: 'Invited',
    deactivated: 'Deactivated',
  },
  never: 'Never',
  roleChange: {
    message: 'Make {{name}} {{role}}. Your reason is kept in the audit log.',
  },
  reactivate: {
    action: 'Reactivate',
    actionFor: 'Reactivate {{name}}',
    done: '{{name}} can sign in again',
    title: 'Reactivate this staff member?',
    message: '{{name}} ({{email}}) can sign in again as {{role}}. Your reason is kept in the audit log.',
    confirm: 'Reactivate',
  },
  deactivate: {
    action: 'Deactivate',
    done: '{{name}} has been deactivated and signed out',
    title: 'Deactivate this staff member?',
    message: '{{name}} ({{email}}) will be signed out at once and can no longer sign in.',
    confirm: 'Deactivate',
    cancel: 'Cancel',
  },
  column: {
    member: 'Member',
    role: 'Role',
    status: 'Status',
    lastSignIn: 'Last sign-in',
    actions: 'Actions',
  },
};
