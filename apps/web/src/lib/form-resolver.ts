import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Plain-language messages for the rules the contract states without a message of its own
 * (a number's bounds, a whole number). Messages the contract does give always win.
 */
const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') return `Must be at least ${issue.minimum}`;
      if (issue.origin === 'string') {
        return issue.minimum === 1 ? 'Required' : `Must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'array') return `Choose at least ${issue.minimum}`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'number') return `Must be at most ${issue.maximum}`;
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `At most ${issue.maximum}`;
      return undefined;
    case 'invalid_type':
      if (issue.expected === 'int') return 'Enter a whole number';
      if (issue.expected === 'number') return 'Enter a number';
      return issue.input === undefined || issue.input === null ? 'Required' : undefined;
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email address';
      return undefined;
    case 'invalid_value':
      return 'Choose one of the options';
    default:
      return undefined;
  }
};

type BlankOptions<Input> = {
  /** Optional text boxes left empty that the API takes as null ("none"), e.g. a phone number. */
  blankAsNull?: ReadonlyArray<keyof Input & string>;
  /** Optional choices left empty that the API wants left out, e.g. no company for an outlet role. */
  blankAsAbsent?: ReadonlyArray<keyof Input & string>;
};

function withoutBlanks<Input extends FieldValues>(values: Input, options: BlankOptions<Input>): Input {
  const next: Record<string, unknown> = { ...values };
  for (const field of options.blankAsNull ?? []) {
    if (typeof next[field] === 'string' && (next[field] as string).trim() === '') next[field] = null;
  }
  for (const field of options.blankAsAbsent ?? []) {
    if (next[field] === '' || next[field] === null) delete next[field];
  }
  return next as Input;
}

/** The resolver every dashboard form uses: the contract's own zod schema, with readable default messages. */
export function formResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: BlankOptions<Input> = {},
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema, { error: formErrorMap });
  if (!options.blankAsNull && !options.blankAsAbsent) return resolve;
  return (values, context, resolverOptions) => resolve(withoutBlanks(values, options), context, resolverOptions);
}
