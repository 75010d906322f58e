import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Problems<K extends string> = Partial<Record<K, MessageDescriptor>>;

/**
 * The sign-in page's forms: a few text fields checked by `check` on submit and, once submitted,
 * on every change. It stands in for react-hook-form with zod, which the page leaves out to stay
 * light (issue 14); the server checks the same rules (contract/auth.ts).
 */
export function useFields<K extends string>(
  initial: Record<K, string>,
  check: (values: Record<K, string>) => Problems<K>,
) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<K>>({});
  const submitted = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted.current) setProblems(check(next));
    },
  });
  const errorOf = (name: K) => {
    const problem = problems[name];
    return problem ? i18n._(problem) : undefined;
  };
  /** Checks, shows the problems and focuses the first; calls `send` only when there are none. */
  const onSubmit = (send: (values: Record<K, string>) => void) => (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const found = check(values);
    setProblems(found);
    const first = (Object.keys(values) as K[]).find((k) => found[k]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    else send(values);
  };
  return { values, field, errorOf, onSubmit, ref: form };
}

/** One request at a time with its state, in place of TanStack Query's useMutation on this page. */
export function useCall<A, R>(fn: (arg: A) => Promise<R>, onSuccess?: (result: R) => void) {
  const [state, setState] = useState<{ pending: boolean; error: unknown; done: boolean }>({
    pending: false,
    error: null,
    done: false,
  });
  const busy = useRef(false);
  const run = (arg: A) => {
    if (busy.current) return;
    busy.current = true;
    setState({ pending: true, error: null, done: false });
    fn(arg).then(
      (result) => {
        busy.current = false;
        setState({ pending: false, error: null, done: true });
        onSuccess?.(result);
      },
      (error: unknown) => {
        busy.current = false;
        setState({ pending: false, error, done: false });
      },
    );
  };
  return { ...state, isError: state.error !== null, run };
}
