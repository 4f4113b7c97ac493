export const profile = {
  title: 'Profil peribadi',
  subtitle: 'Nama, nombor telefon dan foto anda.',
  name: 'Nama',
  email: 'E-mel',
  emailHint: 'Hubungi sokongan untuk menukar e-mel log masuk anda.',
  phone: 'Telefon',
  photo: 'Foto profil',
  changePhoto: 'Muat naik foto baharu',
  photoHint: 'JPG atau PNG, kurang daripada 2MB.',
  photoUpdated: 'Foto anda telah dikemas kini.',
  save: 'Simpan perubahan',
  saved: 'Profil anda telah dikemas kini',
};
