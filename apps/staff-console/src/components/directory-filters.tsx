import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { MERCHANT_SORTS, MERCHANT_STATES, STAFF_MARKETS } from '@merchant-hub/validation';
import type { MerchantSort } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

export type DirectoryFilterValues = { market: string; plan: string; period: string; state: string; tag: string; sort: MerchantSort };

export type DirectoryFiltersProps = {
  search: string;
  onSearchChange: (search: string) => void;
  values: DirectoryFilterValues;
  onChange: (values: Partial<DirectoryFilterValues>) => void;
  /** The tags in use (GET /staff/tags), offered by the tag filter. */
  tags?: readonly string[];
};

/** Search as you type plus the five filters (tag included) and the sort order of the merchant directory. */
export const DirectoryFilters = ({ search, onSearchChange, values, onChange, tags = [] }: DirectoryFiltersProps) => {
  const { t } = useTranslation('staff');
  const any = t('directory.filter.any');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={t('directory.search.label')}
        placeholder={t('directory.search.placeholder')}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" style={{ flex: '2 1 520px' }}>
        <Select
          label={t('directory.filter.market')}
          data={[{ value: '', label: any }, ...STAFF_MARKETS.map((market) => ({ value: market, label: t(`directory.market.${market}`) }))]}
          value={values.market}
          onChange={(market) => onChange({ market: market ?? '' })}
          allowDeselect={false}
        />
        <TextInput
          label={t('directory.filter.plan')}
          placeholder={any}
          value={values.plan}
          onChange={(event) => onChange({ plan: event.currentTarget.value })}
        />
        <Select
          label={t('directory.filter.period')}
          data={[
            { value: '', label: any },
            { value: 'monthly', label: t('directory.period.monthly') },
            { value: 'yearly', label: t('directory.period.yearly') },
          ]}
          value={values.period}
          onChange={(period) => onChange({ period: period ?? '' })}
          allowDeselect={false}
        />
        <Select
          label={t('directory.filter.state')}
          data={[{ value: '', label: any }, ...MERCHANT_STATES.map((state) => ({ value: state, label: t(`directory.state.${state}`) }))]}
          value={values.state}
          onChange={(state) => onChange({ state: state ?? '' })}
          allowDeselect={false}
        />
        <Select
          label={t('tags.filter')}
          // The chosen tag stays offered while the list loads or after its last merchant lost it.
          data={[{ value: '', label: any }, ...[...new Set([...(values.tag ? [values.tag] : []), ...tags])].map((tag) => ({ value: tag, label: tag }))]}
          value={values.tag}
          onChange={(tag) => onChange({ tag: tag ?? '' })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('tags.none')}
        />
        <Select
          label={t('directory.filter.sort')}
          data={MERCHANT_SORTS.map((sort) => ({ value: sort, label: t(`directory.sort.${sort.replace('-', 'desc_')}`) }))}
          value={values.sort}
          onChange={(sort) => onChange({ sort: (sort ?? 'name') as MerchantSort })}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Group>
  );
};
