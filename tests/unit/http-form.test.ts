// The form adapter (src/lib/server/http-form.ts): a plain HTML form reaches the same state change as the
// JSON call: its fields mapped to the contract's request, the same schema, handler and coded errors,
// the body limit and content type of a form, and real failures left to the error page.
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import { describe, expect, test } from 'vitest';
import { operation } from '#lib/http/contract.ts';
import { ApiError, endpoint, stateChange, validationFailed } from '#lib/server/http.ts';
import {
  formAction,
  formField,
  mapForm,
  postedForm,
  postedFormOrEmpty,
  readForm,
  submitForm,
  submitPostedForm,
} from '#lib/server/http-form.ts';

const noteOp = operation({
  method: 'POST',
  path: '/api/test/note',
  request: z
    .object({
      sku: z.string().min(1),
      quantity: z.number().int().min(1).max(9),
      tags: z.array(z.string()).optional(),
      note: z
        .object({ text: z.string().max(5), pinned: z.boolean().optional() })
        .strict()
        .optional(),
      locale: z.enum(['en', 'de']).optional(),
    })
    .strict(),
  response: z.object({ saved: z.string() }),
  errors: ['INVALID_QUANTITY', 'PRODUCT_NOT_FOUND'],
});

/** Handled inputs, to see that the handler got the parsed request. */
const handled: unknown[] = [];
const change = stateChange(
  noteOp,
  async (input) => {
    handled.push(input);
    if (input.sku === 'gone') throw new ApiError('PRODUCT_NOT_FOUND', 'No such product', 404);
    if (input.sku === 'boom') throw new Error('database down');
    return { saved: `${input.sku}×${input.quantity}` };
  },
  {
    // The change's own coded refusal of a bad quantity, as the cart's add has.
    invalid: (issues) =>
      issues.every((i) => i.path === 'quantity')
        ? new ApiError('INVALID_QUANTITY', 'Bad quantity', 400)
        : validationFailed(issues),
  },
);
const noteForm = formAction(change, {
  sku: formField.text('sku'),
  quantity: formField.number('quantity'),
  tags: formField.all('tag'),
  note: { text: formField.text('note'), pinned: formField.checked('pinned') },
});

const FORM = 'application/x-www-form-urlencoded';
const post = (body: string, type = FORM) =>
  new Request('http://shop.test/page', { method: 'POST', headers: { 'content-type': type }, body });
const client = (request: Request) => ({ request, clientAddress: '127.0.0.1' });
const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return params;
};

describe('form fields to the request', () => {
  test('each property reads its field; nested shapes are mapped too', () => {
    expect(
      mapForm(
        noteForm.fields,
        form({ sku: 'A-1', quantity: '3', tag: ['x', 'y'], note: 'hi', pinned: 'on', return: '/p' }),
      ),
    ).toEqual({
      sku: 'A-1',
      quantity: 3,
      tags: ['x', 'y'],
      note: { text: 'hi', pinned: true },
    });
  });

  test('missing fields become what the schema refuses or leaves out, never a guess', () => {
    const request = mapForm({ ...noteForm.fields, id: formField.optional('id') }, form({})) as Record<string, unknown>;
    expect(request.sku).toBe('');
    expect(request.quantity).toBeNaN();
    expect(request.tags).toEqual([]);
    // Left out, not sent as undefined: a strict schema takes an optional property that is absent.
    expect('id' in request).toBe(false);
    expect('pinned' in (request.note as Record<string, unknown>)).toBe(false);
  });
});

describe('reading a form', () => {
  test('another content type is 415 UNSUPPORTED_MEDIA_TYPE, and nothing is read', async () => {
    await expect(readForm(post('{"sku":"A"}', 'application/json'), 1024)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    });
    const refused = await postedForm(post('sku=A', 'text/plain'), 1024);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(415);
  });

  test("a body over the form's own limit is 413 PAYLOAD_TOO_LARGE", async () => {
    await expect(readForm(post(`note=${'x'.repeat(2000)}`), 1024)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
    });
    expect((await readForm(post('sku=A&quantity=2'), 1024)).get('sku')).toBe('A');
  });

  test('a page that answers any post reads a body that is no form as an empty form, but not one too large', async () => {
    expect([...(await postedFormOrEmpty(post('{"sku":"A"}', 'application/json'), 1024)).keys()]).toEqual([]);
    await expect(postedFormOrEmpty(post(`note=${'x'.repeat(2000)}`), 1024)).rejects.toMatchObject({ status: 413 });
  });
});

describe('submitting a form to its state change', () => {
  test('a valid form runs the handler with the parsed request and what the page knows', async () => {
    handled.length = 0;
    const outcome = await submitForm(
      noteForm,
      form({ sku: 'A-1', quantity: '2', note: 'hi', return: '/p' }),
      client(post('')),
      { locale: 'de' },
    );
    expect(outcome).toEqual({
      ok: true,
      input: { sku: 'A-1', quantity: 2, tags: [], note: { text: 'hi' }, locale: 'de' },
      result: { saved: 'A-1×2' },
    });
    expect(handled).toHaveLength(1);
  });

  test("the schema refuses a form with the change's own coded errors, before the handler runs", async () => {
    handled.length = 0;
    const quantity = await submitForm(noteForm, form({ sku: 'A-1', quantity: '0' }), client(post('')));
    expect(quantity).toMatchObject({ ok: false, error: { code: 'INVALID_QUANTITY', status: 400 } });
    const other = await submitForm(
      noteForm,
      form({ sku: 'A-1', quantity: '1', note: 'far too long' }),
      client(post('')),
    );
    expect(other).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', status: 400, details: [{ path: 'note.text' }] },
    });
    expect(handled).toHaveLength(0);
  });

  test('a coded refusal of the handler comes back; any other failure goes to the error page', async () => {
    expect(await submitForm(noteForm, form({ sku: 'gone', quantity: '1' }), client(post('')))).toMatchObject({
      ok: false,
      error: { code: 'PRODUCT_NOT_FOUND', status: 404 },
    });
    await expect(submitForm(noteForm, form({ sku: 'boom', quantity: '1' }), client(post('')))).rejects.toThrow(
      'database down',
    );
  });

  test('the caller is established first: a refused caller is the answer whatever the form holds', async () => {
    const signedIn = stateChange(noteOp, async () => ({ saved: 'never' }), {
      caller: async () => {
        throw new ApiError('UNAUTHENTICATED', 'Sign in', 401);
      },
    });
    const outcome = await submitForm(
      formAction(signedIn, noteForm.fields),
      form({ quantity: 'junk' }),
      client(post('')),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', status: 401 } });
  });

  test('the JSON call and the form of one change take the same request and answer the same codes', async () => {
    const json = endpoint(change);
    const call = async (body: unknown) => {
      const request = new Request('http://shop.test/api/test/note', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const response = await json({
        request,
        url: new URL(request.url),
        clientAddress: '127.0.0.1',
      } as unknown as APIContext);
      return { status: response.status, body: (await response.json()) as { code?: string; saved?: string } };
    };
    expect(await call({ sku: 'A-1', quantity: 2 })).toEqual({ status: 200, body: { saved: 'A-1×2' } });
    expect((await call({ sku: 'A-1', quantity: 10 })).body.code).toBe('INVALID_QUANTITY');
    expect((await call({ sku: 'gone', quantity: 1 })).body.code).toBe('PRODUCT_NOT_FOUND');
    expect(await submitForm(noteForm, form({ sku: 'A-1', quantity: '10' }), client(post('')))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_QUANTITY' },
    });
  });

  test("a posted request is read with the form's limit and content type, then submitted", async () => {
    expect(await submitPostedForm(noteForm, client(post('sku=B-2&quantity=3')), 1024)).toMatchObject({
      ok: true,
      result: { saved: 'B-2×3' },
    });
    expect(
      await submitPostedForm(noteForm, client(post('{"sku":"B-2","quantity":3}', 'application/json')), 1024),
    ).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 } });
    expect(
      await submitPostedForm(noteForm, client(post(`sku=B-2&quantity=3&note=${'x'.repeat(2000)}`)), 1024),
    ).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE', status: 413 } });
  });
});
