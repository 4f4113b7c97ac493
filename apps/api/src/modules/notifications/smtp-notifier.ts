import nodemailer from 'nodemailer';
import type { Notifier } from './notifier';

/**
 * E-mail through SMTP; there is no SMS provider, so text messages still go to the outbox. In its own file so
 * that nodemailer loads only when SMTP_URL is set (main.ts imports this lazily).
 */
export const createSmtpNotifier = (deps: { smtpUrl: string; from: string; outbox: Notifier }): Notifier => {
  const transport = nodemailer.createTransport(deps.smtpUrl);
  return {
    send: async (message) => {
      if (message.channel === 'sms') return deps.outbox.send(message);
      await transport.sendMail({ from: deps.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
    },
  };
};
