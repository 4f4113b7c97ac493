import { TEAM_LOCALES, type TeamLocale } from '@merchant-hub/validation';

type ReplyCopy = { subject: (subject: string) => string; intro: string; open: string };

/** The reply notice in the merchant's language. */
const REPLY: Record<TeamLocale, ReplyCopy> = {
  en: { subject: (s) => `Re: ${s}`, intro: 'Merchant Hub support replied to your message:', open: 'Read the conversation in your back office:' },
  ms: { subject: (s) => `Balasan: ${s}`, intro: 'Sokongan Merchant Hub telah membalas mesej anda:', open: 'Baca perbualan di pejabat belakang anda:' },
  zh: { subject: (s) => `回复：${s}`, intro: 'Merchant Hub 客服已回复您的消息：', open: '在您的后台查看对话：' },
  zhtw: { subject: (s) => `回覆：${s}`, intro: 'Merchant Hub 客服已回覆您的訊息：', open: '在您的後台查看對話：' },
  th: { subject: (s) => `ตอบกลับ: ${s}`, intro: 'ฝ่ายสนับสนุน Merchant Hub ได้ตอบกลับข้อความของคุณ:', open: 'อ่านการสนทนาในระบบหลังร้านของคุณ:' },
};

const localeOf = (value: string): TeamLocale => ((TEAM_LOCALES as readonly string[]).includes(value) ? (value as TeamLocale) : 'en');

/** Every text that came from a person goes into the HTML part escaped: it is shown, never interpreted. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const replyEmail = (locale: string, input: { subject: string; reply: string; link: string }): { subject: string; text: string; html: string } => {
  const copy = REPLY[localeOf(locale)];
  const subject = copy.subject(input.subject).replace(/[\r\n]+/g, ' ');
  return {
    subject,
    text: `${copy.intro}\n\n${input.reply}\n\n${copy.open} ${input.link}`,
    html: `<p>${escapeHtml(copy.intro)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(input.reply)}</blockquote><p>${escapeHtml(copy.open)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
  };
};
