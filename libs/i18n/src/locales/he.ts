// Right-to-left test language: `common` only, every other namespace falls back to English.
export { common } from './he/common';
