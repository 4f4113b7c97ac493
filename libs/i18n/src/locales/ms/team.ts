import type { Messages } from '../../messages';

export const team = {
  nav: 'Akaun kakitangan',
  title: 'Akaun kakitangan',
  superadminOnly: 'Hanya pentadbir super boleh mengurus akaun kakitangan.',
  loading: 'Memuatkan akaun kakitangan…',
  loadFailed: 'Akaun kakitangan tidak dapat dimuatkan.',
  empty: 'Belum ada akaun kakitangan.',
  invite: {
    title: 'Jemput ahli kakitangan',
    submit: 'Hantar jemputan',
    sent: 'Jemputan dihantar kepada {{email}}',
  },
  field: {
    email: 'E-mel',
    name: 'Nama',
    role: 'Peranan',
    language: 'Bahasa jemputan',
  },
  role: {
    support: 'Sokongan',
    superadmin: 'Pentadbir super',
    readonly: 'Baca sahaja',
  },
  roleChanged: '{{name}} kini {{role}}',
  you: '(anda)',
  roleFor: 'Peranan {{name}}',
  status: {
    active: 'Aktif',
    invited: 'Dijemput',
    deactivated: 'Dinyahaktifkan',
  },
  never: 'Tidak pernah',
  roleChange: {
    message: 'Jadikan {{name}} {{role}}. Sebab anda disimpan dalam log audit.',
  },
  reactivate: {
    action: 'Aktifkan semula',
    actionFor: 'Aktifkan semula {{name}}',
    done: '{{name}} boleh log masuk semula',
    title: 'Aktifkan semula kakitangan ini?',
    message: '{{name}} ({{email}}) boleh log masuk semula sebagai {{role}}. Sebab anda disimpan dalam log audit.',
    confirm: 'Aktifkan semula',
  },
  deactivate: {
    action: 'Nyahaktifkan',
    done: '{{name}} telah dinyahaktifkan dan dilog keluar',
    title: 'Nyahaktifkan ahli kakitangan ini?',
    message: '{{name}} ({{email}}) akan dilog keluar serta-merta dan tidak boleh log masuk lagi.',
    confirm: 'Nyahaktifkan',
    cancel: 'Batal',
  },
  column: {
    member: 'Ahli',
    role: 'Peranan',
    status: 'Keadaan',
    lastSignIn: 'Log masuk terakhir',
    actions: 'Tindakan',
  },
} satisfies Messages;
