// The mail namespace in Bahasa Melayu (see en/mail.ts for the rules on links and codes).
export const mail = {
  loginCode: {
    subject: 'Kod log masuk Merchant Hub anda',
    text: 'Kod log masuk anda ialah {{code}}. Kod ini tamat tempoh dalam {{minutes}} minit. Jika anda tidak cuba log masuk, tukar kata laluan anda.',
  },
  loginNotice: {
    subject: 'Log masuk baharu ke Merchant Hub',
    text: 'Akaun anda telah dilog masuk pada {{at}}. Jika ini bukan anda, tetapkan semula kata laluan anda di:\n{{link}}',
  },
  passwordReset: {
    subject: 'Tetapkan semula kata laluan Merchant Hub anda',
    text: 'Buka pautan ini untuk memilih kata laluan baharu (sah selama {{minutes}} minit):\n{{link}}\nJika anda tidak memintanya, abaikan e-mel ini.',
  },
  passwordChanged: {
    subject: 'Kata laluan Merchant Hub anda telah ditukar',
    text: 'Kata laluan anda telah berjaya ditetapkan semula. Jika ini bukan anda, hubungi sokongan dengan segera.',
  },
  activation: {
    subject: 'Lengkapkan persediaan akaun Merchant Hub anda',
    text: 'Helo {{name}}, lengkapkan persediaan akaun Merchant Hub anda melalui pautan ini:\n{{link}}',
  },
  trialCode: {
    text: 'Merchant Hub: kod pengesahan anda ialah {{code}}. Kod ini tamat tempoh dalam {{minutes}} minit.',
  },
  signupWelcome: {
    subject: 'Selamat datang ke Merchant Hub!',
    text: 'Selamat datang ke Merchant Hub! Sahkan alamat e-mel anda melalui pautan ini:\n{{link}}',
  },
  checkoutWelcome: {
    subject: 'Selamat datang ke Merchant Hub!',
    text: 'Selamat datang ke Merchant Hub, {{name}}! Pelan {{plan}} anda kini aktif. Pilih kata laluan anda untuk log masuk pada kali seterusnya:\n{{link}}',
  },
  merchantInvite: {
    subject: 'Cipta kedai Merchant Hub anda',
    text: 'Helo {{name}}, lengkapkan persediaan akaun peniaga anda di sini:\n{{link}}',
  },
  invoiceOpen: {
    subject: 'Invois {{number}} daripada Merchant Hub',
    text: 'Invois anda {{number}} berjumlah {{amount}} masih terbuka. PDF dilampirkan. Lihat dan bayar di sini:\n{{link}}',
  },
  invoicePaid: {
    subject: 'Resit bagi invois {{number}} daripada Merchant Hub',
    text: 'Terima kasih. Kami telah menerima bayaran anda sebanyak {{amount}} bagi invois {{number}} pada {{date}}. PDF invois dilampirkan. Lihat dalam talian:\n{{link}}',
  },
  paymentFailed: {
    subject: 'Pembayaran gagal bagi invois {{number}}',
    text: 'Kami tidak dapat mengenakan caj {{amount}} bagi invois {{number}}. Kami akan cuba lagi pada {{date}}. Untuk mengekalkan pelan anda, semak kad anda atau bayar invois di pejabat belakang anda:\n{{link}}',
  },
  paymentFailedFinal: {
    subject: 'Pelan Merchant Hub anda telah dibatalkan',
    text: 'Kami tidak dapat mengenakan caj {{amount}} bagi invois {{number}} selepas beberapa percubaan, jadi pelan anda dibatalkan pada {{date}}. Langgan semula dari pejabat belakang anda:\n{{link}}',
  },
  planEnding: {
    subject: 'Pelan Merchant Hub anda tamat pada {{date}}',
    text: 'Anda telah berhenti melanggan {{plan}}. Pelan ini kekal aktif hingga {{date}}, dan anda boleh menyambungnya semula sebelum itu di pejabat belakang anda:\n{{link}}',
  },
  planCanceledNow: {
    subject: 'Pelan Merchant Hub anda telah tamat',
    text: 'Pasukan kami telah membatalkan pelan anda {{plan}} pada {{date}}; pelan itu telah tamat. Anda boleh melanggan semula bila-bila masa di pejabat belakang anda:\n{{link}}',
  },
  planCanceledNowCredit: {
    subject: 'Pelan Merchant Hub anda telah tamat',
    text: 'Pasukan kami telah membatalkan pelan anda {{plan}} pada {{date}}; pelan itu telah tamat. Masa yang tidak digunakan, {{amount}}, telah ditambah ke baki kredit anda. Anda boleh melanggan semula bila-bila masa di pejabat belakang anda:\n{{link}}',
  },
  planChangeScheduled: {
    subject: 'Pelan Merchant Hub anda bertukar pada {{date}}',
    text: 'Pelan anda akan bertukar kepada {{plan}} pada {{date}}. Sehingga itu anda kekal dengan pelan semasa, dan anda boleh membatalkan pertukaran ini di pejabat belakang anda:\n{{link}}',
  },
  contactChanged: {
    subject: '{{what}} Merchant Hub anda telah diubah',
    text: '{{what}} akaun Merchant Hub anda telah diubah, dan alamat ini tidak lagi menerima e-mel log masuk dan kata laluannya. Jika anda tidak membuat perubahan ini, laporkan melalui pautan ini: kami akan memulihkan butiran anda, mengelog keluar setiap sesi dan membatalkan sebarang pautan tetapan semula kata laluan.\n{{link}}',
  },
  contactChangedByStaff: {
    subject: 'Sokongan Merchant Hub telah mengubah {{what}} anda',
    text: 'Pasukan sokongan kami telah mengubah {{what}} akaun Merchant Hub anda, dan alamat ini tidak lagi menerima e-mel log masuk dan kata laluannya. Jika anda tidak meminta perubahan ini, laporkan melalui pautan ini: kami akan memulihkan butiran anda, mengelog keluar setiap sesi dan membatalkan sebarang pautan tetapan semula kata laluan.\n{{link}}',
  },
  contactChange: {
    email: 'Alamat e-mel',
    phone: 'Nombor telefon',
    emailAndPhone: 'Alamat e-mel dan nombor telefon',
  },
  period: {
    monthly: 'bulanan',
    yearly: 'tahunan',
  },
  /** The hosted invoice page and its PDF (issue 31 #5), in the merchant's language. */
  invoiceDocument: {
    title: 'Invois {{number}}',
    issued: 'Dikeluarkan {{date}}',
    chargedAutomatically: 'Dicaj secara automatik',
    payOnReceipt: 'Bayar apabila diterima',
    billTo: 'Bil kepada',
    status: 'Status invois',
    description: 'Keterangan',
    quantity: 'Kuantiti',
    amount: 'Jumlah',
    subtotal: 'Subjumlah',
    discount: 'Diskaun',
    discountCode: 'Diskaun ({{code}})',
    tax: '{{label}} pada {{percent}}%',
    rounding: 'Pembundaran',
    total: 'Jumlah keseluruhan',
    appliedBalance: 'Baki kredit digunakan',
    amountPaid: 'Jumlah dibayar',
    amountDue: 'Jumlah perlu dibayar',
    downloadPdf: 'Muat turun PDF',
    statuses: {
      draft: 'Draf',
      open: 'Belum dibayar',
      paid: 'Dibayar',
      uncollectible: 'Tidak dapat dikutip',
      void: 'Dibatalkan',
    },
  },
};
