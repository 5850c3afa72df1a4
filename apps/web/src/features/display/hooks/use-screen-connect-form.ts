import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  SCREEN_CONNECT_RULES,
  type ScreenConnectErrors,
  type ScreenConnectValues,
} from '@/features/display/lib/screen-connect-rules';

type ConnectField = keyof ScreenConnectValues;

const FIELDS: readonly ConnectField[] = ['screenId', 'passcode'];
/** The inputs' ids, and so their errors' (`<id>-error`). */
export const CONNECT_FIELD_IDS: Record<ConnectField, string> = { screenId: 'screen-id', passcode: 'passcode' };

/**
 * The typed credentials without a form library (decision 081, as decision 055 did for /login):
 * every field is checked on submit and the first wrong one takes the focus; from then on a field
 * is checked again as it changes. The values outlive their inputs (hidden while a saved screen is
 * picked), and the valid ones are handed on trimmed.
 */
export function useScreenConnectForm(onValid: (values: ScreenConnectValues) => void) {
  const [values, setValues] = useState<ScreenConnectValues>({ screenId: '', passcode: '' });
  const [errors, setErrors] = useState<ScreenConnectErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: ScreenConnectErrors = {};
    for (const field of FIELDS) found[field] = SCREEN_CONNECT_RULES[field](values[field]);
    setSubmitted(true);
    setErrors(found);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      document.getElementById(CONNECT_FIELD_IDS[firstWrong])?.focus();
      return;
    }
    onValid({ screenId: values.screenId.trim(), passcode: values.passcode.trim() });
  };

  /** The props that tie an input to its value, its rule and its message. */
  const fieldProps = (field: ConnectField) => ({
    id: CONNECT_FIELD_IDS[field],
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      if (submitted) setErrors((current) => ({ ...current, [field]: SCREEN_CONNECT_RULES[field](value) }));
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${CONNECT_FIELD_IDS[field]}-error` : undefined,
  });

  return { errors, fieldProps, submit };
}
