import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { plainValidationErrors } from '../../src/server/plugins/validation-messages.ts';
import { CheckoutBody } from '../../src/shared/contracts/orders.ts';
import { LoginBody } from '../../src/shared/contracts/auth.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
/** The validator the API uses (plugins/validation.ts): every error, with its schema. */
const ajv = addFormats(new Ajv({ allErrors: true, strict: false, verbose: true }));
const errorsOf = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors!;
};

describe('validation errors in plain words', () => {
  const Register = Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 100 }),
      email: Type.String({ minLength: 3, maxLength: 254 }),
      password: Type.String({ minLength: 8 }),
      currentPassword: Type.String({ minLength: 1 }),
      sortBy: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('popular')])),
      remember: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  );

  it('says what to do, field by field, in the words of the form', () => {
    const fields = plainValidationErrors(errorsOf(Register, { name: '', email: '', password: 'short', sortBy: 'oldest', remember: 'yes', admin: true }));
    expect(fields).toEqual({
      name: 'Name: fill this in.',
      email: 'E-mail: fill this in.',
      password: 'Password: use at least 8 characters.',
      currentPassword: 'Current password: fill this in.',
      sortBy: 'Sort by: choose newest or popular.',
      remember: 'Remember: send true or false.',
      admin: "Unknown field 'admin': leave it out.",
    });
    expect(Object.values(fields).join(' ')).not.toMatch(/must|body|NOT|\//);
  });

  it('names a field by its schema title, and an item of a list by its place', () => {
    expect(plainValidationErrors(errorsOf(LoginBody, { username: '', password: 'x' }))).toEqual({ username: 'Username or e-mail: fill this in.' });
    const cart = plainValidationErrors(
      errorsOf(CheckoutBody, {
        products: [
          { _id: 'x', quantity: 1 },
          { _id: crypto.randomUUID(), quantity: 100 },
        ],
        phoneNumber: 5,
      }),
    );
    expect(cart).toEqual({
      'products.0._id': 'Products, item 1, id: use the id of an existing item.',
      'products.1.quantity': 'Products, item 2, quantity: use 99 or less.',
      phoneNumber: 'Phone: send text.',
    });
  });

  it('names a parameter outside the body as sent, and says where it is', () => {
    const query = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200 }), sortBy: Type.Optional(Type.String({ minLength: 3 })) });
    expect(plainValidationErrors(errorsOf(query, { limit: 500, sortBy: 'x' }), 'querystring')).toEqual({
      limit: 'limit (query): use 200 or less.',
      sortBy: 'sortBy (query): use at least 3 characters.',
    });
  });
});
