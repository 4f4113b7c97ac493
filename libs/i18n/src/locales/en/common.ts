export const common = {
  appName: 'Merchant Hub',
  action: {
    save: 'Save',
    cancel: 'Cancel',
    confirm: 'Confirm',
    back: 'Back',
    next: 'Next',
    submit: 'Submit',
    close: 'Close',
    retry: 'Retry',
    edit: 'Edit',
    delete: 'Delete',
    search: 'Search',
    logout: 'Log out',
    skipToContent: 'Skip to main content',
  },
  page: {
    notFound: 'Page not found',
  },
  nav: {
    billing: 'Billing',
    profile: 'Profile',
    main: 'Main menu',
  },
  field: {
    email: 'Email',
    password: 'Password',
    name: 'Name',
    phone: 'Phone',
    address1: 'Address line 1',
    address2: 'Address line 2',
    city: 'City',
    postalCode: 'Postal code',
    country: 'Country',
    state: 'State / Region',
    company: 'Company',
    language: 'Language',
  },
  theme: {
    light: 'Light',
    dark: 'Dark',
  },
  answer: {
    yes: 'Yes',
    no: 'No',
  },
  status: {
    loading: 'Loading…',
    error: 'Something went wrong',
    empty: 'Nothing here yet',
  },
  date: {
    formatHint: 'DD/MM/YYYY',
  },
  count: {
    store_one: '{{count}} store',
    store_other: '{{count}} stores',
  },
  /** Each market's sales tax by its local name (invoices, the billing pages): the plan's English tax label stays for staff. */
  taxName: {
    MY: 'SST',
    SG: 'GST',
    PH: 'VAT',
    TH: 'VAT',
    TW: 'Business tax',
  },
};
