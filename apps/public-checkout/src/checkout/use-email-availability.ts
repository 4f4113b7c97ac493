import { useCheckEmail } from '@merchant-hub/api-client';
import { type ChangeEvent, useState } from 'react';

type EmailForm = {
  getValues: () => { email: string };
  validateField: (path: 'email') => { hasError: boolean } | Promise<{ hasError: boolean }>;
  setFieldError: (path: 'email', error: string) => void;
};

/**
 * Spec §5: an e-mail someone already signed up with is reported when the buyer leaves the field, not only after
 * Pay. The server checks again when the order is created; this check is a convenience and never blocks on error.
 */
export const useEmailAvailability = (form: EmailForm) => {
  const checkEmail = useCheckEmail({ meta: { handlesError: true } });
  const [taken, setTaken] = useState(false);

  const handleBlur = async () => {
    const email = form.getValues().email.trim();
    // validateField shows the field's own message (empty, malformed) on blur, as every other field does.
    if (!email || (await form.validateField('email')).hasError) return;
    try {
      const available = await checkEmail.mutateAsync(email);
      setTaken(!available);
      if (!available) form.setFieldError('email', 'validation:register.error.emailAlreadySignUp');
    } catch {
      // Offline or rate-limited: the order's own check answers instead.
    }
  };

  /** The e-mail field's blur (own message, then the server's check) and change (a new address is not yet taken). */
  const fieldHandlers = (base: { onChange: (event: ChangeEvent<HTMLInputElement>) => void }) => ({
    onBlur: () => void handleBlur(),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setTaken(false);
      base.onChange(event);
    },
  });

  return { taken, checking: checkEmail.isPending, fieldHandlers };
};
