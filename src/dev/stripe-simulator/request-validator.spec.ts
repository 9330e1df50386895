import { decodeForm } from './form-body';
import { OperationSchema, ParameterError, validateRequest } from './request-validator';
import schema from './stripe-request-schema.json';

const operations = schema.operations as unknown as Record<string, OperationSchema>;
const createIntent = operations['POST /v1/payment_intents'];

function refusal(operation: OperationSchema, body: string, query = ''): ParameterError {
  try {
    validateRequest(operation, decodeForm(query), decodeForm(body));
  } catch (error) {
    return error as ParameterError;
  }
  throw new Error('expected a refusal');
}

describe('decodeForm', () => {
  it('builds nested objects and arrays from bracket keys', () => {
    expect(decodeForm('amount=100&metadata[order_id]=o1&expand[0]=a&expand[1]=b&items[0][price]=p')).toEqual({
      amount: '100',
      metadata: { order_id: 'o1' },
      expand: ['a', 'b'],
      items: [{ price: 'p' }],
    });
  });
});

describe('validateRequest against Stripe’s published parameters', () => {
  it('accepts a payment intent as the store creates it, with typed values', () => {
    const { body } = validateRequest(
      createIntent,
      {},
      decodeForm(
        'amount=170000&currency=usd&customer=cus_1&receipt_email=a%40b.co&setup_future_usage=off_session' +
          '&metadata[order_id]=o1&automatic_payment_methods[enabled]=true&automatic_payment_methods[allow_redirects]=never',
      ),
    );
    expect(body).toMatchObject({
      amount: 170000,
      automatic_payment_methods: { enabled: true },
      metadata: { order_id: 'o1' },
    });
  });

  it('refuses an unknown parameter, naming it', () => {
    const error = refusal(createIntent, 'amount=1&currency=usd&price=5');
    expect(error.message).toBe('Received unknown parameter: price');
    expect(error.code).toBe('parameter_unknown');
  });

  it('refuses a missing required parameter and a wrongly typed one', () => {
    expect(refusal(createIntent, 'currency=usd').message).toBe('Missing required param: amount.');
    expect(refusal(createIntent, 'amount=12.5&currency=usd').message).toBe('Invalid integer: 12.5');
    expect(refusal(createIntent, 'amount=1&currency=usd&setup_future_usage=sometimes').code).toBe(
      'parameter_invalid_enum',
    );
  });

  it('refuses unknown nested and query parameters', () => {
    expect(
      refusal(
        createIntent,
        'amount=1&currency=usd&automatic_payment_methods[enabled]=true&automatic_payment_methods[x]=1',
      ).message,
    ).toBe('Received unknown parameter: automatic_payment_methods[x]');
    expect(refusal(operations['GET /v1/customers'], '', 'emial=a%40b.co').message).toBe(
      'Received unknown parameter: emial',
    );
  });
});
