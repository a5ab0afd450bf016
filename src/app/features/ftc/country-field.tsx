import { useQuery } from '@tanstack/react-query';
import { ftcCountriesQuery } from './ftc-queries';
import { SelectField } from './ftc-fields';

/** The partner's supported countries. */
export function CountryField({ value, onChange, errors }: { value: string; onChange: (code: string) => void; errors?: readonly string[] | undefined }) {
  const countries = useQuery(ftcCountriesQuery());
  return (
    <SelectField
      label="Country"
      value={value}
      onChange={onChange}
      placeholder="Choose a country"
      options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      errors={errors}
    />
  );
}
