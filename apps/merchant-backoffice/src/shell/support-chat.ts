/**
 * The support chat widget of spec §1: loaded only when a script address is configured
 * (`VITE_SUPPORT_CHAT_SCRIPT` at build time), told who the user is by e-mail and name, and removed again on
 * the way out so the sign-in page never shows it.
 */
export type SupportChatIdentity = { email: string; name: string };

declare global {
  interface Window {
    /** Read by the widget script when it starts. */
    merchantHubSupportChat?: SupportChatIdentity;
  }
}

const SCRIPT_ID = 'merchant-hub-support-chat';

export const supportChatScriptUrl = (): string | null => {
  const configured: unknown = import.meta.env.VITE_SUPPORT_CHAT_SCRIPT;
  return typeof configured === 'string' && /^https:\/\//.test(configured) ? configured : null;
};

export const mountSupportChat = (scriptUrl: string | null, identity: SupportChatIdentity, doc: Document = document): (() => void) => {
  if (!scriptUrl) return () => undefined;
  window.merchantHubSupportChat = identity;
  if (!doc.getElementById(SCRIPT_ID)) {
    const script = doc.createElement('script');
    script.id = SCRIPT_ID;
    script.src = scriptUrl;
    script.async = true;
    doc.body.appendChild(script);
  }
  return () => {
    delete window.merchantHubSupportChat;
    doc.getElementById(SCRIPT_ID)?.remove();
  };
};
