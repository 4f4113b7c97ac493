import { createI18n } from '../create-i18n';
import { resources } from '../resources';

describe('createI18n', () => {
  it.each([
    ['en', 'Save', 'Fail to upgrade package', 'Please enter your name'],
    ['ms', 'Simpan', 'Gagal menaik taraf pakej', 'Sila masukkan nama anda'],
    ['zh', '保存', '套餐升级失败', '请输入您的姓名'],
    ['zhtw', '儲存', '方案升級失敗', '請輸入您的姓名'],
    ['th', 'บันทึก', 'อัปเกรดแพ็กเกจไม่สำเร็จ', 'โปรดกรอกชื่อของคุณ'],
  ])('is ready at once and translates %s', (lng, save, upgradeFailed, nameRequired) => {
    const i18n = createI18n({ lng });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe(lng);
    expect(i18n.t('action.save')).toBe(save);
    expect(i18n.t('errors:billing.upgradeFailed')).toBe(upgradeFailed);
    // A validation message key as the schemas return it, namespace included.
    expect(i18n.t('validation:billing.nameRequired')).toBe(nameRequired);
  });

  it('normalises the spelling it is given', () => {
    expect(createI18n({ lng: 'zh-TW' }).language).toBe('zhtw');
    expect(createI18n({ lng: 'th_TH' }).t('action.cancel')).toBe('ยกเลิก');
    expect(createI18n({ lng: 'fr-FR' }).language).toBe('en');
    expect(createI18n().language).toBe('en');
  });

  it('interpolates without HTML-escaping, since React escapes what it renders', () => {
    const i18n = createI18n({ lng: 'en' });
    expect(i18n.t('errors:error.outOfCredit', { extra_info: '(Shop <A> & B)' })).toBe(
      'One of the store(s) is out of store credit (Shop <A> & B). Contact store owner or support for further assistant',
    );
    expect(i18n.t('errors:success.welcome', { product: 'Merchant Hub' })).toBe('Welcome to Merchant Hub!');
  });

  it.each([
    ['en', 1, '1 store'],
    ['en', 3, '3 stores'],
    ['ms', 1, '1 kedai'],
    ['zh', 1, '1 家店铺'],
    ['zhtw', 1, '1 間商店'],
    ['zhtw', 10, '10 間商店'],
    ['th', 1, '1 ร้านค้า'],
    ['ar', 0, 'لا توجد متاجر'],
    ['ar', 2, 'متجران'],
    ['ar', 5, '5 متاجر'],
    ['ar', 11, '11 متجرًا'],
    ['he', 2, 'שתי חנויות'],
  ])('labels %s add-on quantity %i as %j', (lng, count, label) => {
    expect(createI18n({ lng }).t('count.store', { count })).toBe(label);
  });

  it('lays right-to-left languages out rtl and falls back to English outside their common namespace', () => {
    const i18n = createI18n({ lng: 'ar' });
    expect(i18n.dir()).toBe('rtl');
    expect(i18n.t('action.save')).toBe('حفظ');
    expect(i18n.t('errors:general.tryAgain')).toBe('Something went wrong please try again');
  });

  it('switches language after start-up', async () => {
    const i18n = createI18n({ lng: 'en' });
    await i18n.changeLanguage('zhtw');
    expect(i18n.t('action.logout')).toBe('登出');
  });

  it('lays overrides over the bundled texts without leaking them into other instances', () => {
    const custom = createI18n({ lng: 'ms', resources: { ms: { common: { action: { save: 'Simpan perubahan' } } } } });
    expect(custom.t('action.save')).toBe('Simpan perubahan');
    expect(custom.t('action.cancel')).toBe('Batal');
    expect(createI18n({ lng: 'ms' }).t('action.save')).toBe('Simpan');
    expect(resources.ms.common).toMatchObject({ action: { save: 'Simpan' } });
  });

  it('does not let one instance change the texts another reads', () => {
    const first = createI18n({ lng: 'en' });
    first.addResource('en', 'common', 'action.save', 'Store it');
    expect(first.t('action.save')).toBe('Store it');
    expect(createI18n({ lng: 'en' }).t('action.save')).toBe('Save');
  });

  it("adds an app's own namespace, falling back to its English text", () => {
    const i18n = createI18n({
      lng: 'th',
      extraNamespaces: { tour: { en: { start: 'Start the tour', skip: 'Skip' }, th: { start: 'เริ่มทัวร์' } } },
    });
    expect(i18n.t('tour:start')).toBe('เริ่มทัวร์');
    expect(i18n.t('tour:skip')).toBe('Skip');
    expect(i18n.options.ns).toEqual(expect.arrayContaining(['common', 'errors', 'validation', 'tour']));
  });

  it('refuses an extra namespace that would replace a bundled one', () => {
    expect(() => createI18n({ extraNamespaces: { errors: { en: { oops: 'Oops' } } } })).toThrow(
      'Namespace "errors" is bundled with @merchant-hub/i18n',
    );
  });

  it('refuses texts for a language it does not know rather than merging them into English', () => {
    const resources = { 'zh-TW': { common: { action: { save: '存' } } } } as never;
    expect(() => createI18n({ resources })).toThrow('Unknown language "zh-TW"');
  });

  it('registers plugins before initialising', () => {
    const seen: string[] = [];
    const plugin = { type: '3rdParty' as const, init: () => seen.push('init') };
    createI18n({ plugins: [plugin] });
    expect(seen).toEqual(['init']);
  });
});
