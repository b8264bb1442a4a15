import { useMemo } from 'react';
import { useRootData } from '~/root';

/** A country's name in the page's language, from its ISO code (the code where Intl has none). */
export function useCountryName() {
  const { locale } = useRootData()!;
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);
}
