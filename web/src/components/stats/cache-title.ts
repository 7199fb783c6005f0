import { useI18n } from 'vue-i18n';
import { formatCount } from '../../lib/stats-format.ts';
import { cacheWriteBreakdown } from '../../lib/stats-report.ts';

/**
 * The cache rate's tooltip: what the rate means, then the cache-write breakdown (D4: a tooltip, never
 * extra columns). A 0 is "not recorded" (older conversations), so no breakdown is claimed for it.
 */
export function useCacheTitle(): (row: { cacheWrite: number; cacheWrite1h: number }) => string {
  const { t, locale } = useI18n();
  return (row) => {
    const breakdown = cacheWriteBreakdown(row);
    const second = breakdown
      ? t(
          'stats.cacheWrite',
          {
            n: formatCount(breakdown.cacheWrite, locale.value),
            h: formatCount(breakdown.cacheWrite1h, locale.value),
          },
          breakdown.cacheWrite,
        )
      : t('stats.cacheWriteUnrecorded');
    return `${t('stats.cacheRateHint')}\n${second}`;
  };
}
