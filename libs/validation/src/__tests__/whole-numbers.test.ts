import { addOnAmountQuerySchema, billingHistoryQuerySchema, merchantWizardSchema, optionalPositiveId, positiveId, updateUserSchema, wholeNumber } from '../index';

describe('whole numbers are decimal digits only', () => {
  it.each(['0x10', '1e3', ' 2', '2 ', '2.0', '+2', '-2', '', '٣', '0b1', '9'.repeat(400), 'Infinity'])('refuses the text %p', (text) => {
    expect(wholeNumber('validation:common.idInvalid').safeParse(text).success).toBe(false);
    expect(positiveId().safeParse(text).success).toBe(false);
  });

  it.each([2.5, Number.MAX_SAFE_INTEGER + 1, Infinity, Number.NaN, true, null, [], {}])('refuses the value %p', (value) => {
    expect(wholeNumber('validation:common.idInvalid').safeParse(value).success).toBe(false);
  });

  it('reads digits and JSON numbers', () => {
    expect(positiveId().parse('16')).toBe(16);
    expect(positiveId().parse(16)).toBe(16);
    expect(wholeNumber('validation:common.idInvalid').parse('0')).toBe(0);
    expect(optionalPositiveId().parse('')).toBeUndefined();
  });

  it('holds in the request schemas built on it', () => {
    expect(addOnAmountQuerySchema.safeParse({ store_id: '1', addon_store_quantity: '0x10' }).success).toBe(false);
    expect(addOnAmountQuerySchema.safeParse({ store_id: ' 1', addon_store_quantity: '2' }).success).toBe(false);
    expect(addOnAmountQuerySchema.parse({ store_id: '1', addon_store_quantity: '2' })).toMatchObject({ store_id: 1, addon_store_quantity: 2 });
    expect(billingHistoryQuerySchema.safeParse({ date_start: '1e3', date_end: '2000' }).success).toBe(false);
  });
});

describe('names refuse markup', () => {
  const wizard = {
    email: 'a@b.test',
    firstname: 'Ali',
    lastname: 'Bin Abu',
    password: 'secret12',
    password_confirmation: 'secret12',
    storeImage: 'store.png',
    store_name: 'Kedai',
    store_owner: 'Ali',
    store_email: 's@b.test',
    telephone: '0123',
    address: '1 Jalan',
    country: 'MY',
    state_or_region: 'Selangor',
  };

  it.each([
    ['firstname', 'validation:registration.firstNameInvalid'],
    ['lastname', 'validation:registration.lastNameInvalid'],
    ['store_name', 'validation:common.markupNotAllowed'],
    ['store_owner', 'validation:common.markupNotAllowed'],
  ])('the wizard’s %s', (field, key) => {
    const result = merchantWizardSchema.safeParse({ ...wizard, [field]: 'Ali <script>' });
    expect(result.success).toBe(false);
    // A person's name follows the name rule, which has no room for < or >.
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(key);
    expect(merchantWizardSchema.safeParse(wizard).success).toBe(true);
  });

  it('the profile name', () => {
    expect(updateUserSchema.safeParse({ name: 'A > B', email: 'a@b.test', phone: null }).error?.issues[0]?.message).toBe('validation:common.markupNotAllowed');
  });
});
