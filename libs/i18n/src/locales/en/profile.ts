export const profile = {
  title: 'Personal profile',
  subtitle: 'Your name, phone number and photo.',
  name: 'Name',
  email: 'Email',
  emailHint: 'Contact support to change the email you sign in with.',
  phone: 'Phone',
  photo: 'Profile photo',
  changePhoto: 'Upload a new photo',
  photoHint: 'JPG or PNG, smaller than 2MB.',
  photoUpdated: 'Your photo has been updated.',
  save: 'Save changes',
  saved: 'Your profile has been updated',
};
