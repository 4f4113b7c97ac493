// One line per namespace: a new namespace is a new file in the folder beside this one plus its export here.
export { account } from './en/account';
export { auth } from './en/auth';
export { checkout } from './en/checkout';
export { billing } from './en/billing';
export { catalog } from './en/catalog';
export { common } from './en/common';
export { errors } from './en/errors';
export { home } from './en/home';
export { mail } from './en/mail';
export { profile } from './en/profile';
export { shell } from './en/shell';
export { support } from './en/support';
export { team } from './en/team';
export { staff } from './en/staff';
export { validation } from './en/validation';
