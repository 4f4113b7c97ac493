import { VALIDATION_NAMESPACE, validationMessagesEn } from '@merchant-hub/validation';
import { flattenMessages } from '../messages';
import { enResources } from '../resources';

describe('validation namespace', () => {
  it('is the namespace the validation messages are keyed in', () => {
    expect(VALIDATION_NAMESPACE).toBe('validation');
  });

  it('has in English exactly the keys and texts of validationMessagesEn', () => {
    const bundled = Object.fromEntries(
      Object.entries(flattenMessages(enResources.validation)).map(([key, text]) => [`validation:${key}`, text]),
    );
    expect(bundled).toEqual({ ...validationMessagesEn });
  });
});
