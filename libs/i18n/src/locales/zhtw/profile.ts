export const profile = {
  title: '個人資料',
  subtitle: '您的姓名、電話號碼與照片。',
  name: '姓名',
  email: '電子郵件',
  emailHint: '如需變更登入用的電子郵件，請聯絡客服。',
  phone: '電話',
  photo: '大頭照',
  changePhoto: '上傳新照片',
  photoHint: 'JPG 或 PNG，小於 2MB。',
  photoUpdated: '您的照片已更新。',
  save: '儲存變更',
  saved: '您的個人資料已更新',
};
