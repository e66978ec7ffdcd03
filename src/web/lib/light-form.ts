import { type ChangeEvent, type FormEvent, useState } from 'react';

type Errors<Values> = Partial<Record<keyof Values, string>>;

/**
 * useContractForm's calls `getInputProps`, `setFieldValue` and `onSubmit`, for the
 * login page alone, whose entry file must load neither zod nor @mantine/form: the form's own `rules`
 * check the fields (the server checks the contract), and an error stays until the next submit.
 */
export function useLightForm<Values extends Record<string, string>>({
  initialValues,
  rules,
}: {
  initialValues: Values;
  rules: (values: Values) => Errors<Values>;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const setFieldValue = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  return {
    setFieldValue,
    getInputProps: (field: keyof Values & string) => ({
      value: values[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(field, e.currentTarget.value as Values[typeof field]),
      error: errors[field],
    }),
    onSubmit: (submit: (values: Values) => void) => (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const found = rules(values);
      setErrors(found);
      if (!Object.values(found).some(Boolean)) submit(values);
    },
  };
}
