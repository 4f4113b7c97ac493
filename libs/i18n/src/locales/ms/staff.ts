import type { Messages } from '../../messages';

// The staff console. staff-api owns `timeline.*` and `clock.*` (title keys the API answers with); screens add
// their own subtrees beside them.
export const staff = {
  timeline: {
    subscription: {
      created: 'Melanggan {{plan}}',
      changeScheduled: 'Pertukaran kepada {{plan}} dijadualkan',
      canceled: 'Pelan {{plan}} dibatalkan',
      pastDue: 'Pelan {{plan}} tertunggak',
    },
    invoice: {
      open: 'Invois {{number}} dikeluarkan',
      paid: 'Invois {{number}} dibayar',
      void: 'Invois {{number}} dibatalkan',
      uncollectible: 'Invois {{number}} ditanda tidak boleh dikutip',
      draft: 'Draf invois {{number}} dibuat',
    },
    payment: {
      succeeded: 'Bayaran diterima untuk {{number}}',
      failed: 'Bayaran untuk {{number}} gagal: {{failure}}',
      pending: 'Bayaran untuk {{number}} sedang menunggu ({{status}})',
    },
    dunning: {
      retryScheduled: 'Cubaan semula bayaran {{attempt}} dijadualkan',
    },
    coupon: {
      redeemed: 'Kupon {{code}} digunakan',
    },
    credit: {
      entry: 'Lejar kredit: {{description}}',
    },
    email: {
      sent: 'E-mel dihantar: {{subject}}',
    },
    staff: {
      viewed: 'Kakitangan membuka akaun',
      creditAdjusted: 'Kakitangan melaraskan baki kredit',
      creditRequested: 'Kakitangan meminta kelulusan pelarasan kredit',
      creditApproved: 'Kakitangan meluluskan pelarasan kredit',
      creditRejected: 'Kakitangan menolak pelarasan kredit',
      creditReversed: 'Kakitangan menterbalikkan pelarasan kredit',
      invoiceVoided: 'Kakitangan membatalkan invois',
      invoiceUncollectible: 'Kakitangan menanda invois tidak boleh dikutip',
      invoiceResent: 'Kakitangan menghantar semula e-mel invois',
      wizardInvite: 'Kakitangan menghantar jemputan persediaan pedagang',
      passwordReset: 'Kakitangan menghantar pautan tetapan semula kata laluan',
      signInBanLifted: 'Kakitangan menarik balik sekatan log masuk',
      clockAdvanced: 'Kakitangan memajukan jam ujian',
      billing: 'Kakitangan bertindak di halaman bil ({{action}})',
      refused: 'Tindakan kakitangan ditolak ({{action}})',
    },
  },
  clock: {
    renewal: '{{plan}} diperbaharui',
    retry: 'Bayaran dicuba semula untuk {{number}}',
    scheduledChange: 'Pertukaran berjadual digunakan: kini pada {{plan}}',
    cancellation: '{{plan}} dibatalkan',
    expiry: 'Percubaan {{plan}} tamat',
  },
} satisfies Messages;
