import { screenConnectFormSchema } from '@adloop/contract/screen';
import { describe, expect, it } from 'vitest';
import { passcodeError, screenIdError } from '@/features/display/lib/screen-connect-rules';

/** What the contract's schema says of one form, as the form shows it: the first message of each field. */
function schemaErrors(form: { screenId: string; passcode: string }) {
  const result = screenConnectFormSchema.safeParse(form);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

function ruleErrors(form: { screenId: string; passcode: string }) {
  const errors: Record<string, string> = {};
  const screenId = screenIdError(form.screenId);
  const passcode = passcodeError(form.passcode);
  if (screenId) errors.screenId = screenId;
  if (passcode) errors.passcode = passcode;
  return errors;
}

describe('the connect form rule', () => {
  const forms = [
    { screenId: '', passcode: '' },
    { screenId: '   ', passcode: '12345' },
    { screenId: 'CAFE-MAIN-01', passcode: '123456' },
    { screenId: '  cafe-main-01 ', passcode: ' 123456 ' },
    { screenId: 'x', passcode: '12a456' },
    { screenId: 'x', passcode: '1234567' },
    { screenId: 'x', passcode: '١٢٣٤٥٦' },
    { screenId: '\t', passcode: '      ' },
  ];

  it.each(forms)('agrees with the contract schema on %j', (form) => {
    expect(ruleErrors(form)).toEqual(schemaErrors(form));
  });
});
