// Stripe's request encoding: application/x-www-form-urlencoded with bracket keys, as the `stripe`
// library and Stripe.js write them: metadata[order_id]=…, allowed_payment_method_types[0]=card.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Decodes a form body into nested objects; objects whose keys are 0..n-1 become arrays. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = KEY.exec(rawKey);
    if (!match) throw new Error(`malformed parameter name ${rawKey}`);
    const path = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    let node: FormObject = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        node = (typeof next === 'object' && !Array.isArray(next) ? next : (node[part] = {})) as FormObject;
      }
    }
  }
  return arrays(root) as FormObject;
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(value[k] as FormValue)]));
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? keys.map((k) => converted[k] as FormValue) : converted;
}

export function asString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asObject(value: FormValue | undefined): FormObject {
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function asStrings(value: FormValue | undefined): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}
