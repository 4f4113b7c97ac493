import { Button, TextInput } from '@mantine/core';
import { createI18n } from '@merchant-hub/i18n';
import { signInFormSchema } from '@merchant-hub/validation';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { LazyFormSchema } from '../schema-form';
import { useSchemaForm } from '../schema-form';
import { renderWithTheme } from './render';

type Values = { email: string; password: string; terms: boolean };

const SignInForm = ({ schema, onValid }: { schema: LazyFormSchema; onValid: (values: Values) => void }) => {
  const form = useSchemaForm<Values>({ schema, initialValues: { email: '', password: '', terms: true } });
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      <TextInput label="Email" key={form.key('email')} {...form.getInputProps('email')} />
      <TextInput label="Password" key={form.key('password')} {...form.getInputProps('password')} />
      <Button type="submit">Sign in</Button>
    </form>
  );
};

const renderForm = (schema: LazyFormSchema, onValid = vi.fn()) => {
  renderWithTheme(
    <I18nextProvider i18n={createI18n({ lng: 'en' })}>
      <SignInForm schema={schema} onValid={onValid} />
    </I18nextProvider>,
  );
  return onValid;
};

describe('useSchemaForm with a schema imported on demand', () => {
  it('does not import the schema to draw the form, and imports it once when a field first gets focus', async () => {
    const load = vi.fn(async () => signInFormSchema);
    renderForm(load);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByLabelText('Password'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('validates a submit made before the schema arrived, with the translated message', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const onValid = renderForm(async () => {
      await arrived;
      return signInFormSchema;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Please fill in your Email and Password!')).not.toBeInTheDocument();
    release();
    expect((await screen.findAllByText('Please fill in your Email and Password!')).length).toBeGreaterThan(0);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('submits valid values once the schema has checked them', async () => {
    const onValid = renderForm(async () => signInFormSchema);
    await userEvent.type(screen.getByLabelText('Email'), 'merchant-my@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ email: 'merchant-my@demo.test' }), expect.anything()));
  });
});

describe('useSchemaForm when a field is left for the submit button (issue 31 #7)', () => {
  it('does not put a message under the field between the press and the release, which moved the button away', async () => {
    renderForm(async () => signInFormSchema);
    const email = screen.getByLabelText('Email');
    const submit = screen.getByRole('button', { name: 'Sign in' });
    const password = screen.getByLabelText('Password');
    await userEvent.click(email);
    // The browser moves focus to the button on its press: the field's blur names the button as where focus goes.
    fireEvent.blur(email, { relatedTarget: submit });
    // Left for anything else, a field still says what is wrong with it; once it does, the check of the
    // e-mail's blur (had there been one) has answered too.
    fireEvent.blur(password, { relatedTarget: email });
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});
