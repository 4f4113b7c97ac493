const PALETTES = [
  ['#1c7ed6', '#15aabf'],
  ['#7048e8', '#e64980'],
  ['#0ca678', '#74b816'],
];
const HEADLINES: Record<'login' | 'signup', string[]> = {
  login: ['Run every store from one place', 'Plans that grow with your shop', 'Sell on more channels'],
  signup: ['Start your free trial', 'Set up your store in minutes', 'Billing that explains itself'],
};

/** Banner art drawn on the fly, so the seeded banners work without any asset pipeline. */
export const bannerSvg = (name: string): string => {
  const [placement, , slideWithExt] = name.replace('.svg', '').split('-');
  const slide = Math.max(1, Number(slideWithExt)) - 1;
  const [from, to] = PALETTES[slide % PALETTES.length];
  const background = name.includes('-bg');
  const text = background ? '' : HEADLINES[placement === 'signup' ? 'signup' : 'login'][slide % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)" opacity="${background ? 0.35 : 1}"/>
<text x="600" y="420" font-family="system-ui,sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${text}</text>
</svg>`;
};
