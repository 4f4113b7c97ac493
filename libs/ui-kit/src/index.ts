export { theme, COLOR_SCHEME_STORAGE_KEY } from './theme';
export { AppProviders, ColorSchemeHead } from './app-providers';
export { SkipLink, MAIN_CONTENT_ID } from './skip-link';
export type { SkipLinkProps } from './skip-link';
export type { AppProvidersProps } from './app-providers';
export { ColorSchemeToggle } from './color-scheme-toggle';
export type { ColorSchemeToggleProps } from './color-scheme-toggle';
export { MoneyText } from './money-text';
export type { MoneyTextProps } from './money-text';
export { DateText, DATE_FORMAT, formatDate } from './date-text';
export type { DateTextProps, DateValue } from './date-text';
export { ConfirmModal } from './confirm-modal';
export type { ConfirmModalProps } from './confirm-modal';
export { PageLoader } from './page-loader';
export type { PageLoaderProps } from './page-loader';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { ErrorState } from './error-state';
export type { ErrorStateProps } from './error-state';
export { LanguagePicker } from './language-picker';
export type { LanguagePickerProps } from './language-picker';
export { pageLanguage, pageLocale, readStoredLocale, resolveInitialLocale, LOCALE_STORAGE_KEY } from './locale';
export type { LocaleSources } from './locale';
export { ERROR_NAMESPACES, createAppI18n, loadAppI18n, textsOfFailures } from './i18n-setup';
export type { CreateAppI18nOptions, LoadAppI18nOptions } from './i18n-setup';
export { NotFoundPage, RouteError, RouteErrorBoundary, RouteLoader } from './route-states';
export { pageTitleText, usePageTitle } from './page-title';
export { postHostedForm } from './post-hosted-form';
export { isStaleChunkError, reloadOnStaleChunks, reloadOnceForStaleChunk } from './stale-chunk';
export type { ReloadEnvironment } from './stale-chunk';
export { useSecondsLeft, CountdownText } from './countdown';
export type { CountdownTextProps } from './countdown';
export { OtpInput, OTP_LENGTH } from './otp-input';
export type { OtpInputProps } from './otp-input';
export { BannerCarousel } from './banner-carousel';
export type { BannerCarouselProps, BannerSlide } from './banner-carousel';
export { useSchemaForm, applyServerFieldErrors } from './schema-form';
export type { FormSchema, LazyFormSchema, SchemaFormOptions } from './schema-form';
export { Icon } from './icons';
export type { IconName, IconProps } from './icons';
export { AppFrame } from './shell/app-frame';
export type { AppFrameLabels, AppFrameProps, FrameUser } from './shell/app-frame';
export { SidebarMenu } from './shell/sidebar-menu';
export type { MenuEntry, SidebarMenuProps } from './shell/sidebar-menu';
export { ThemeOptionsPanel } from './shell/theme-options-panel';
export type { ThemeOptionsLabels, ThemeOptionsPanelProps } from './shell/theme-options-panel';
export {
  DEFAULT_THEME_OPTIONS,
  SIDEBAR_IMAGES,
  THEME_COLORS,
  parseThemeOptions,
  primaryColorVariables,
  readThemeOptions,
  sidebarImageCss,
  themeOptionsStorageKey,
  writeThemeOptions,
} from './shell/theme-options';
export type { SidebarImage, ThemeColor, ThemeOptions } from './shell/theme-options';
export { GuidedTour, TOUR_DELAY_MS, TOUR_MAX_WAIT_MS, TOUR_MIN_WIDTH, TOUR_POPOVER, shouldStartTour, tourPlacement, useDelayedTour } from './guided-tour';
export type { Box4, GuidedTourLabels, GuidedTourProps, TourPlacement, TourStep } from './guided-tour';
export * from './card-field';
export { SUPPORT_STATE_COLOR, SupportConversationList, SupportReplyForm, SupportStateBadge, SupportThread } from './support-thread';
export type { SupportConversationListProps, SupportReplyFormProps, SupportThreadProps } from './support-thread';
export { DeferredModal } from './deferred/deferred-modal';
export { DeferredSelect } from './deferred/deferred-select';
