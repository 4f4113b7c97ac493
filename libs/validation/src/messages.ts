/**
 * Every message a schema of this package can produce is an i18n key in the `validation` namespace.
 * This map is the English source of truth: the texts the spec quotes are copied exactly (spec §5 and §8),
 * the others are written to read the same way. Other locales translate these keys in libs/i18n.
 */
export const VALIDATION_NAMESPACE = 'validation';

export const validationMessagesEn = {
  // Shared by several forms and request bodies.
  'validation:common.invalidInput': 'The submitted data is not valid',
  'validation:common.invalidText': 'Please enter text',
  'validation:common.textTooLong': 'Please enter no more than 255 characters',
  'validation:common.idInvalid': 'Please provide a valid id (a positive whole number)',
  'validation:common.referenceRequired': 'A reference is required',
  'validation:common.markupNotAllowed': 'Please do not use < or > here',
  'validation:common.controlCharacters': 'Please remove the invisible control characters from this text',
  'validation:common.nameTooLong': 'Please keep the name to 100 characters or fewer',

  // Sign-in, one-time code, forgot and reset password (spec §5 Sign-in, §8 Login/OTP).
  'validation:error.termsOfServiceRequired': 'You have to agree to the Terms of Service',
  'validation:signIn.credentialsRequired': 'Please fill in your Email and Password!',
  'validation:signIn.localeInvalid': 'Please choose a supported language',
  'validation:otp.codeRequired': 'Please fill in all 6 OTP digits',
  'validation:forgotPassword.emailRequired': 'Please fill in your Email',
  'validation:forgotPassword.emailInvalid': 'Please fill in a valid Email',
  'validation:resetPassword.fieldsRequired': 'Please fill in your New Password and Confirm Password!',
  'validation:resetPassword.passwordMismatch': 'New Password and Confirm Password do not match',
  'validation:resetPassword.passwordWeak': 'Password must be at least 8 characters long and include both letters and numbers',

  // Trial sign-up: the spec's register.error.* keys (§8), kept under the same names.
  'validation:register.error.email': 'Please enter a valid email address',
  'validation:register.error.firstName': 'Please enter your first name',
  'validation:register.error.lastName': 'Please enter your last name',
  'validation:register.error.mobileNumber': 'Please enter a valid mobile number (7 to 15 digits)',
  'validation:register.error.password': 'Password must be at least 8 characters long and include both letters and numbers',
  'validation:register.error.emptyConfirmPassword': 'Please confirm your password',
  'validation:register.error.confirmPassword': 'Passwords do not match',
  'validation:register.error.storeName': 'Please enter the store name (minimum 3 characters)',
  'validation:register.error.requiredLineId': 'Please enter your Line ID',
  'validation:register.error.codeExpired': 'Your code was expired. Please resend OTP again',
  'validation:register.error.attemptLimit': 'You have reached the maximum number of attempts. Please resend OTP again',
  'validation:register.error.dataError': 'Please update your store details',
  'validation:register.error.emailAlreadySignUp': 'This email has already been registered',
  'validation:register.error.otpError': 'Incorrect OTP entered. Please try again.',
  'validation:register.error.pleaseTryAgain': 'Please try again to resend the OTP',
  'validation:register.error.resendOtp': 'Please resend the OTP and try again',
  'validation:trial.countryCodeRequired': 'Please choose your country code',
  'validation:trial.otpRequired': 'Please enter your 6-digit PIN before submitting.',

  // Registration, server style (spec §5 Registration, §8 Registration).
  'validation:registration.firstNameInvalid': 'First name may contain letters, spaces, hyphens, apostrophes and dots only',
  'validation:registration.lastNameInvalid': 'Last name may contain letters, spaces, hyphens, apostrophes and dots only',
  'validation:registration.mobileNumberInvalid': 'Invalid phone number format',
  'validation:registration.storeEmailInvalid': 'Please enter a valid store email address',
  'validation:registration.industryInvalid': 'Selected industry does not exist',
  'validation:registration.industryRequired': 'Please choose your industry',
  'validation:registration.languageRequired': 'Please choose the store language',
  'validation:registration.countryRequired': 'Please choose a country',
  'validation:registration.stateRequired': 'Please choose a state or region',
  'validation:registration.currencyInvalid': 'Selected currency is invalid',
  'validation:registration.currencyMarketMismatch': "The currency must be the store country's currency",
  'validation:registration.languageInvalid': 'Selected language does not exist',
  'validation:registration.address1Required': 'Please enter your address',
  'validation:registration.cityRequired': 'Please enter city',
  'validation:registration.zipRequired': 'Please enter a valid postal code',
  'validation:registration.countryInvalid': 'Selected country is invalid',
  'validation:registration.stateInvalid': 'Selected state is invalid',

  // Merchant-creation wizard (spec §5 Wizard).
  'validation:wizard.emailInvalid': 'Please enter a valid email address',
  'validation:wizard.firstNameRequired': 'Please enter your first name',
  'validation:wizard.lastNameRequired': 'Please enter your last name',
  'validation:wizard.passwordTooShort': 'Password need to be more than 6 character',
  'validation:wizard.passwordMismatch': 'Password not match',
  'validation:wizard.storeImageRequired': 'Please upload a store image',
  'validation:wizard.storeNameRequired': 'Please enter the store name',
  'validation:wizard.storeOwnerRequired': 'Please enter the store owner',
  'validation:wizard.storeEmailInvalid': 'Please enter a valid store email address',
  'validation:wizard.telephoneRequired': 'Please enter a telephone number',
  'validation:wizard.addressRequired': 'Please enter your address',
  'validation:wizard.countryRequired': 'Please choose a country',
  'validation:wizard.regionRequired': 'Please choose a region',
  'validation:image.typeInvalid': 'You can only upgrade JPG/PNG file!',
  'validation:image.tooLarge': 'Image must smaller than 2MB!',

  // Personal profile (PUT /users/{id}).
  'validation:profile.nameRequired': 'Please enter your name',
  'validation:profile.emailInvalid': 'Please enter a valid email address',
  'validation:profile.phoneInvalid': 'Please enter a valid phone number',
  'validation:profile.imageInvalid': 'Please choose a valid image',

  // Billing info form and coupons (spec §5 Billing form, Coupon).
  'validation:billing.nameRequired': 'Please enter your name',
  'validation:billing.emailRequired': 'Please enter your Email',
  'validation:billing.emailInvalid': 'Email is not valid',
  'validation:billing.addressRequired': 'Please enter your address',
  'validation:billing.cityRequired': 'Please enter city',
  'validation:billing.postalCodeInvalid': 'Please enter a valid postal code',
  'validation:billing.countryRequired': 'Please choose a country',
  'validation:billing.stateRequired': 'Please select state',
  'validation:coupon.required': 'Please fill in the coupon',
  'validation:coupon.invalid': 'Invalid coupon code',

  // Billing request bodies (spec §7 Billing).
  'validation:billing.changeTypeInvalid': 'Choose whether this is an upgrade or a downgrade',
  'validation:billing.subscriptionTypeInvalid': 'Choose the default or the multistore subscription',
  'validation:billing.priceIdRequired': 'The plan price reference is required',
  'validation:billing.paymentMethodRequired': 'Please choose a payment method',
  'validation:billing.paymentIntentRequired': 'The payment reference is required',
  'validation:billing.quantityInvalid': 'Please choose a valid number of stores',
  'validation:billingHistory.dateInvalid': 'Please choose a valid date',
  'validation:billingHistory.dateRangeIncomplete': 'Please choose both a start date and an end date',
  'validation:billingHistory.dateRangeOrder': 'The start date must be on or before the end date',
  'validation:billingHistory.rangeOrCursorRequired': 'Choose a date range or the invoice to continue from',
  'validation:creditBalance.cursorConflict': 'Page either forward or backward, not both at once',
  'validation:lateSubscribe.paymentTypeRequired': 'Please choose a payment type',
  'validation:lateSubscribe.planRequired': 'Please choose a plan',
  'validation:fpx.bankRequired': 'Please choose your bank',

  // Gateway checkout, Taiwan (spec §5 Gateway checkout and the subscription form's 'please enter...').
  'validation:gateway.companyNameRequired': 'please enter company name',
  'validation:gateway.companyRegNoRequired': 'please enter business ID number',
  'validation:gateway.firstNameRequired': 'please enter first name',
  'validation:gateway.lastNameRequired': 'please enter last name',
  'validation:gateway.lineIdRequired': 'please enter Line ID',
  'validation:gateway.phoneRequired': 'please enter mobile number',
  'validation:gateway.addressRequired': 'please enter address',
  'validation:gateway.postalCodeInvalid': 'please enter a 3-digit postal code',
  'validation:gateway.countryRequired': 'please select country',
  'validation:gateway.stateRequired': 'please select state or region',
  'validation:gateway.packageRequired': 'Please choose a plan',

  // Card checkout (spec §5 Card checkout); address, city, country and state reuse the billing keys.
  'validation:cardCheckout.emailRequired': 'Please fill in your Email',
  'validation:cardCheckout.emailInvalid': 'Please fill in a valid Email',
  'validation:cardCheckout.emailUsed': 'Email have been used',
  'validation:cardCheckout.phoneRequired': 'Please fill in your Contact Number',
  'validation:cardCheckout.companyNameTooLong': 'Please enter no more than 190 characters',
  'validation:cardCheckout.nameRequired': 'Please fill in your Name',
  'validation:cardCheckout.nameInvalid': 'Your name may contain letters, spaces, hyphens, apostrophes and dots only',

  // Staff console (issue 10).
  'validation:staff.reasonRequired': 'Please give a reason (at least 3 characters)',
  'validation:staff.previewRequired': 'Preview this change first, then confirm it',
  'validation:staff.reasonTooLong': 'Please keep the reason to 500 characters or fewer',
  'validation:staff.dateInvalid': 'Please choose a valid date',
  'validation:staff.cursorInvalid': 'This page link is no longer valid; start from the first page',
  'validation:staff.limitInvalid': 'Choose between 1 and 100 rows per page',
  'validation:staff.marketInvalid': 'Please choose a market',
  'validation:staff.noteRequired': 'Please write the note',
  'validation:staff.noteTooLong': 'The note is too long (at most 2,000 characters)',
  'validation:staff.tagRequired': 'Please enter a tag',
  'validation:staff.tagTooLong': 'A tag has at most 32 characters',
  'validation:staff.tagInvalid': 'Use letters, digits, - and _, starting with a letter or digit',
  'validation:staff.pinnedInvalid': 'Choose pinned or not pinned',
  'validation:staff.periodInvalid': 'Choose monthly or yearly',
  'validation:staff.stateInvalid': 'Please choose a valid state',
  'validation:staff.viewInvalid': 'Please choose a valid view',
  'validation:staff.sortInvalid': 'Please choose a valid sort order',
  'validation:staff.directionInvalid': 'Choose credit or debit',
  'validation:staff.amountInvalid': 'Please enter an amount greater than zero',
  'validation:staff.amountTooLarge': 'This amount is too large for one adjustment',
  'validation:staff.amountWholeUnits': 'ECPay refunds whole New Taiwan dollars only',
  'validation:staff.descriptionRequired': 'Please enter a description',
  'validation:staff.previewTokenRequired': 'Preview the adjustment before you apply it',
  'validation:staff.statusInvalid': 'Please choose a valid status',
  'validation:staff.clockAmountInvalid': 'Choose how far to advance the clock',
  'validation:staff.proratedCreditRequired': 'Choose whether to give credit for the unused time.',
  'validation:staff.graceDaysInvalid': 'Enter a whole number of days from 1 to 30.',
  'validation:staff.billingDayInvalid': 'Enter a day of the month from 1 to 28.',

  // Staff catalog and promotion codes (issue 11).
  'validation:catalog.priceInvalid': 'Please enter a price of zero or more',
  'validation:catalog.priceTooLarge': 'This amount is too large',
  'validation:catalog.priceWholeDollars': 'Taiwan prices are whole dollars: enter a price without cents',
  'validation:catalog.taxInvalid': 'Enter a tax percent between 0 and 100 (at most 2 decimals)',
  'validation:catalog.discountInvalid': 'Enter a discount percent between 0 and 100 (at most 2 decimals)',
  'validation:catalog.limitInvalid': 'Enter a whole number, or * for unlimited',
  'validation:catalog.lineInvalid': 'Please fill in this line or remove it',
  'validation:catalog.lineTooLong': 'Please keep each line to 120 characters or fewer',
  'validation:catalog.listNameTooLong': 'Please keep each name to 100 characters or fewer',
  'validation:catalog.listTooLong': 'A list can have at most 20 lines',
  'validation:catalog.imageInvalid': 'Enter a path on this site (/…) or an https:// address',
  'validation:catalog.nameRequired': 'Please fill in the plan name',
  'validation:catalog.taxLabelRequired': 'Please fill in the tax label',
  'validation:catalog.sortInvalid': 'Enter a sort order between 0 and 1000',
  'validation:catalog.reportRequired': 'A plan on sale needs at least one report line (without one it shows Call for Quote)',
  'validation:catalog.quotePriceZero': 'A Call for Quote plan has no price: set it to 0',
  'validation:catalog.quoteNoReport': 'A Call for Quote plan has no report list',
  'validation:catalog.groupKeyInvalid': 'Use 2 to 40 lower-case letters, digits or dashes',
  'validation:catalog.orderInvalid': 'Send every plan of this list once, in the new order',
  'validation:catalog.codeInvalid': 'Use 3 to 40 letters, digits, dashes or underscores',
  'validation:catalog.kindInvalid': 'Choose percent off or amount off',
  'validation:catalog.percentInvalid': 'Enter a percent above 0 and up to 100',
  'validation:catalog.amountOffInvalid': 'Enter an amount off greater than zero (whole dollars for TWD)',
  'validation:catalog.currencyRequired': 'Choose the currency of the amount off',
  'validation:catalog.durationInvalid': 'Choose once, repeating or forever',
  'validation:catalog.monthsInvalid': 'Enter between 1 and 36 months',
  'validation:catalog.limitCountInvalid': 'Enter a redemption limit of at least 1',
  'validation:catalog.restrictionEmpty': 'Choose at least one, or remove the restriction',
  // Staff accounts and the support inbox (issue 11).
  'validation:team.emailInvalid': 'Please enter a valid e-mail address',
  'validation:team.nameRequired': 'Please enter a name',
  'validation:team.nameTooLong': 'Please keep the name to 100 characters or fewer',
  'validation:team.roleInvalid': 'Choose support, superadmin or read-only',
  'validation:team.localeInvalid': 'Please choose a supported language',
  'validation:support.subjectRequired': 'Please enter a subject',
  'validation:support.subjectTooLong': 'Please keep the subject to 150 characters or fewer',
  'validation:support.messageRequired': 'Please enter a message',
  'validation:support.messageTooLong': 'Please keep the message to 5000 characters or fewer',
  'validation:support.stateInvalid': 'Please choose a valid state',
  'validation:support.marketInvalid': 'Please choose a market',
  'validation:support.assignedInvalid': 'Choose "me", "anyone" or "unassigned"',
  'validation:support.assigneeInvalid': 'Choose an active support or superadmin member',
  'validation:support.sortInvalid': 'Choose a valid order',
  'validation:settings.thresholdInvalid': 'Enter an amount between the smallest unit and 1,000,000.00',
  'validation:settings.windowInvalid': 'Enter between 1 and 720 hours',
  'validation:settings.targetInvalid': 'Enter between 1 and 336 hours',
} as const;

export type ValidationMessageKey = keyof typeof validationMessagesEn;

/** All message keys, for i18n completeness checks. */
export const VALIDATION_MESSAGE_KEYS = Object.keys(validationMessagesEn) as ValidationMessageKey[];

export type ValidationResource = { [segment: string]: string | ValidationResource };

/**
 * The same texts as a nested object without the namespace prefix, the shape i18next expects for
 * `resources.en.validation`.
 */
export function toValidationResource(messages: Readonly<Record<string, string>> = validationMessagesEn): ValidationResource {
  const resource: ValidationResource = {};
  const prefix = `${VALIDATION_NAMESPACE}:`;
  for (const [key, text] of Object.entries(messages)) {
    const segments = (key.startsWith(prefix) ? key.slice(prefix.length) : key).split('.');
    let node = resource;
    segments.slice(0, -1).forEach((segment) => {
      const child = node[segment];
      if (typeof child === 'string') throw new Error(`Message key ${key} nests under the text key ${segment}`);
      node = child ?? (node[segment] = {});
    });
    const leaf = segments[segments.length - 1];
    if (typeof node[leaf] === 'object') throw new Error(`Message key ${key} is also the parent of other keys`);
    node[leaf] = text;
  }
  return resource;
}

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(validationMessagesEn, value);
}
