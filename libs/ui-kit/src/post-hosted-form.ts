/** Posts a hosted-payment gateway's fields to its cashier the way a plain HTML form would (spec §4 Gateway order; ECPay). */
export const postHostedForm = (action: string, fields: Readonly<Record<string, string>>, doc: Document = document): void => {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
};
