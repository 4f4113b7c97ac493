// One line per namespace: a new namespace is a new file in the folder beside this one plus its export here.
export { account } from './th/account';
export { auth } from './th/auth';
export { checkout } from './th/checkout';
export { billing } from './th/billing';
export { catalog } from './th/catalog';
export { common } from './th/common';
export { errors } from './th/errors';
export { home } from './th/home';
export { mail } from './th/mail';
export { profile } from './th/profile';
export { shell } from './th/shell';
export { support } from './th/support';
export { team } from './th/team';
export { staff } from './th/staff';
export { validation } from './th/validation';
