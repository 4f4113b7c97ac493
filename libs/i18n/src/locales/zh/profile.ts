export const profile = {
  title: '个人资料',
  subtitle: '您的姓名、电话号码和照片。',
  name: '姓名',
  email: '电子邮箱',
  emailHint: '如需更改登录邮箱，请联系客服。',
  phone: '电话',
  photo: '头像',
  changePhoto: '上传新照片',
  photoHint: 'JPG 或 PNG，小于 2MB。',
  photoUpdated: '您的照片已更新。',
  save: '保存更改',
  saved: '您的个人资料已更新',
};
