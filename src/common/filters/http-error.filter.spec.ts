import { BadRequestException } from '@nestjs/common';
import { describeError, TEMPORARILY_UNAVAILABLE } from './http-error.filter';

describe('describeError', () => {
  it.each([
    [
      'PostgreSQL refusing connections',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['PostgreSQL shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a query whose connection dropped', { message: 'Query failed', driverError: { code: '08006' } }],
    ['the pool losing its connection', new Error('Connection terminated unexpectedly')],
    ['Redis not answering in time', new Error('Command timed out')],
    ['a closed Redis connection', new Error('Connection is closed.')],
  ])('answers 503 with a message a buyer can act on for %s', (_, error) => {
    expect(describeError(error)).toEqual({ statusCode: 503, message: TEMPORARILY_UNAVAILABLE });
  });

  it('keeps 500 for a bug and the exception’s own status otherwise', () => {
    expect(describeError(new TypeError('x is undefined'))).toEqual({
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(describeError(new BadRequestException('Enter a valid email address'))).toEqual({
      statusCode: 400,
      message: 'Enter a valid email address',
    });
  });
});
